/**
 * The texts of the login page, by their keys in the SPA's locale files (src/i18n/<locale>.json
 * and the domain's validation messages). The build picks exactly these per locale
 * (vite-login-texts.ts), so the page loads one small module of its language, not the SPA's
 * bundle.
 */
export const loginTextKeys = [
  'app.title',
  'app.loading',
  'pages.login',
  'auth.username',
  'auth.password',
  'auth.showPassword',
  'auth.hidePassword',
  'auth.acceptTerms',
  'auth.readTerms',
  'auth.login',
  'auth.forgotPassword',
  'auth.forgotIntro',
  'auth.email',
  'auth.sendNewPassword',
  'auth.back',
  'auth.confirmResetTitle',
  'auth.confirmResetMessage',
  'auth.resetRequested',
  'auth.loginFailed',
  'auth.passkeySignIn',
  'auth.secondFactorTitle',
  'auth.totpIntro',
  'auth.totpCode',
  'auth.verify',
  'auth.useRecoveryCode',
  'auth.recoveryIntro',
  'auth.recoveryCode',
  'auth.useTotp',
  'auth.usePasskey',
  'auth.passkeyCancelled',
  'auth.setupTitle',
  'auth.setupIntro',
  'auth.setupSecret',
  'auth.qrCodeAlt',
  'auth.recoveryCodesTitle',
  'auth.recoveryCodesIntro',
  'auth.continue',
  'terms.title',
  'terms.p1',
  'terms.p2',
  'terms.p3',
  'terms.p4',
  'terms.p5',
  'common.cancel',
  'common.close',
  'common.language',
  'common.clientError',
  'locales.de-CH',
  'locales.fr-CH',
  'locales.it-CH',
  'locales.en-US',
  'validation.required',
  'validation.email',
  'validation.tooLong',
  'validation.invalid',
] as const;

export type LoginTextKey = (typeof loginTextKeys)[number];
export type LoginTexts = Record<LoginTextKey, string>;

function lookUp(source: unknown, key: string): unknown {
  let value = source;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The login texts from a locale's files, the first file that has a key winning (as in the SPA). */
export function pickLoginTexts(sources: readonly unknown[]): LoginTexts {
  const texts = {} as LoginTexts;
  for (const key of loginTextKeys) {
    const value = sources.map((source) => lookUp(source, key)).find((found) => found !== undefined);
    if (typeof value !== 'string') throw new Error(`The login text ${key} is missing.`);
    texts[key] = value;
  }
  return texts;
}
