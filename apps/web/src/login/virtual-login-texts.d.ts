/** See vite-login-texts.ts. */
declare module 'virtual:login-texts/*' {
  const texts: Record<string, string>;
  export default texts;
}
