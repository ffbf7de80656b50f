import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeHref, SafeHtml } from './safe-html';

afterEach(cleanup);

function renderHtml(html: string): HTMLElement {
  const { container } = render(<SafeHtml html={html} />);
  return container.firstElementChild as HTMLElement;
}

describe('SafeHtml', () => {
  it('keeps the whitelisted formatting', () => {
    const root = renderHtml(
      '<p>Ihre Anmeldung für <strong>Apéro</strong> ist <em>bestätigt</em>.<br>Danke</p><ul><li>eins</li></ul>',
    );
    expect(root.innerHTML).toBe(
      '<p>Ihre Anmeldung für <strong>Apéro</strong> ist <em>bestätigt</em>.<br>Danke</p><ul><li>eins</li></ul>',
    );
  });

  it('drops script elements with their content and never runs them', () => {
    const spy = vi.fn();
    (window as unknown as { pwned: () => void }).pwned = spy;
    const root = renderHtml('<p>Hallo</p><script>window.pwned()</script><style>p{color:red}</style>');
    expect(root.innerHTML).toBe('<p>Hallo</p>');
    expect(root.querySelector('script')).toBeNull();
    expect(spy).not.toHaveBeenCalled();
  });

  it('drops event handler attributes and non-whitelisted elements such as img', () => {
    const root = renderHtml('<img src="x" onerror="alert(1)"><p onclick="alert(2)" style="color:red">Text</p>');
    expect(root.innerHTML).toBe('<p>Text</p>');
    expect(root.querySelector('[onerror], [onclick], [style], img')).toBeNull();
  });

  it('turns javascript: and data: links into plain text', () => {
    const root = renderHtml(
      '<a href="javascript:alert(1)">eins</a> <a href=" JaVaScRiPt:alert(2)">zwei</a> ' +
        '<a href="data:text/html,<script>alert(3)</script>">drei</a> <a href="&#106;avascript:alert(4)">vier</a>',
    );
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toBe('eins zwei drei vier');
  });

  it('keeps http(s) links, opening them safely in a new tab', () => {
    const root = renderHtml('<a href="https://bpw.ch/anlass?id=1" onclick="x()" title="t">Anlass</a>');
    const link = root.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://bpw.ch/anlass?id=1');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.hasAttribute('onclick')).toBe(false);
    expect(link?.hasAttribute('title')).toBe(false);
  });

  it('keeps the text of unknown elements but drops iframes and svg', () => {
    const root = renderHtml(
      '<div><span>Text</span></div><iframe src="https://evil.example"></iframe><svg><script>x()</script></svg>',
    );
    expect(root.innerHTML).toBe('Text');
  });

  it('shows markup in text as text', () => {
    const root = renderHtml('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(root.textContent).toBe('<script>alert(1)</script>');
    expect(root.querySelector('script')).toBeNull();
  });
});

describe('safeHref', () => {
  it('accepts only absolute http and https URLs', () => {
    expect(safeHref('http://example.ch/')).toBe('http://example.ch/');
    expect(safeHref('https://example.ch/a')).toBe('https://example.ch/a');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('vbscript:msgbox(1)')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
    expect(safeHref('mailto:a@b.ch')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });
});
