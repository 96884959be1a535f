/**
 * Leaving the app for another site (a payment provider's checkout or portal). One object so tests
 * can replace it: jsdom does not navigate.
 */
export const browserLocation = {
  assign(url: string) {
    window.location.assign(url);
  },
};
