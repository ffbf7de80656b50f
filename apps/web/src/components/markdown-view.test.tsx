import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownView } from './markdown-view';

describe('MarkdownView', () => {
  it('renders markdown with headings below the page title and links in a new tab', () => {
    render(<MarkdownView text={'# Programm\n\nMit **Apéro** und [Anfahrt](https://example.ch/map).'} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Programm' })).toBeTruthy();
    expect(screen.getByText('Apéro').tagName).toBe('STRONG');
    const link = screen.getByRole('link', { name: 'Anfahrt' });
    expect(link.getAttribute('href')).toBe('https://example.ch/map');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('never renders HTML or script links from the text', () => {
    const { container } = render(
      <MarkdownView text={'<img src=x onerror="alert(1)"><script>alert(2)</script>\n\n[klick](javascript:alert(3))'} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
    expect(container.innerHTML).not.toContain('javascript:');
  });
});
