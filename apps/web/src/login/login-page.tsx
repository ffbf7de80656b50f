import { LanguageSelect } from './language-select';
import { getPerson, type AuthTokens } from './login-api';
import { LoginCard } from './login-card';
import { useTexts } from './login-texts';
import { authStore } from '../lib/auth-store';
import { localeFromLanguage, storeLocale, type Locale } from '../lib/locale';
import { returnPathOf } from '../lib/login-redirect';
import { startSession } from '../lib/start-session';

interface LoginPageProps {
  locale: Locale;
  onLocaleChange: (locale: Locale) => void;
}

/** /login: the login card and a language switcher (spec 01 §2, §4), outside the SPA (issue 8). */
export function LoginPage({ locale, onLocaleChange }: LoginPageProps) {
  const t = useTexts();

  const onSignedIn = async (tokens: AuthTokens) => {
    const personId = startSession(tokens);
    // Her person first, so the app starts in her language (spec 01 §7); the app loads it again.
    try {
      const person = await getPerson(personId, tokens.token, locale);
      authStore.setPerson(person);
      const personLocale = localeFromLanguage(person.languageCode);
      if (personLocale) storeLocale(personLocale);
    } catch {
      // The app loads her person at its start anyway.
    }
    // "/" replaces itself by the dashboard or the persons list (spec 01 §2).
    window.location.replace(returnPathOf(window.location.search) ?? '/');
  };

  return (
    <main className="login-page">
      <div className="login-top">
        <LanguageSelect value={locale} onChange={onLocaleChange} />
      </div>
      <p className="login-brand">
        <img src="/favicon.svg" alt="" width={48} height={48} />
        {t('app.title')}
      </p>
      <LoginCard locale={locale} onSignedIn={onSignedIn} />
    </main>
  );
}
