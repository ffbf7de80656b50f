import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginPage } from './login-page';
import { fillIn, loadLoginTexts, TextsContext, type Translate } from './login-texts';
import type { LoginTexts } from './login-text-keys';
import { authStore } from '../lib/auth-store';
import { detectInitialLocale, storeLocale, type Locale } from '../lib/locale';
import './login.css';

/**
 * The login page, a page of its own (login.html, issue 8): React without MUI, the router, the
 * query cache, the form and i18n libraries, so /login loads a fraction of the SPA's code. It
 * shares the `react` chunk and the session storage with the SPA.
 */
function showTexts(locale: Locale, texts: LoginTexts) {
  document.documentElement.lang = locale;
  document.title = `${texts['pages.login']} – ${texts['app.title']}`;
}

function LoginApp({ initialLocale, initialTexts }: { initialLocale: Locale; initialTexts: LoginTexts }) {
  const [{ locale, texts }, setLanguage] = useState({ locale: initialLocale, texts: initialTexts });
  const t: Translate = (key, values) => fillIn(texts[key], values);

  const changeLocale = async (next: Locale) => {
    // The same storage as the SPA's language switcher, so the app goes on in this language.
    storeLocale(next);
    const nextTexts = await loadLoginTexts(next);
    showTexts(next, nextTexts);
    setLanguage({ locale: next, texts: nextTexts });
  };

  return (
    <TextsContext value={t}>
      <LoginPage locale={locale} onLocaleChange={(next) => void changeLocale(next)} />
    </TextsContext>
  );
}

async function start() {
  // Signed in already: "/" leads to the dashboard or the persons list (spec 01 §2).
  if (authStore.get()) return window.location.replace('/');
  const locale = detectInitialLocale();
  const texts = await loadLoginTexts(locale);
  showTexts(locale, texts);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <LoginApp initialLocale={locale} initialTexts={texts} />
    </StrictMode>,
  );
}

void start();
