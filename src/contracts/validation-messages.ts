/**
 * The English validation messages shared by the API and the forms, each under a stable id.
 * The server answers with the English text (spec: 'path: message, ...'); the web translates by id
 * (`validation:<id>` in locales), found from the text with `validationMessageId`.
 */
export const VALIDATION_MESSAGES = {
  required: 'This field is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password is required',
  loginPasswordMin: 'Password must be at least 6 characters',
  passwordMin: 'Password must be at least 8 characters',
  passwordLowercase: 'Password must contain at least one lowercase letter',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordMax: 'Password cannot exceed 1024 characters',
  passwordsMismatch: 'Passwords do not match',
  nameMin: 'Name must be at least 2 characters',
  nameMax: 'Name cannot exceed 100 characters',
  termsRequired: 'You must agree to the Terms of Service and Privacy Policy',
  inviteCodeRequired: 'Invite code is required during beta',
  inviteCodeFormat: 'Invite code must be 8 capital letters or digits',
  codeFormat: 'Code must be 6 digits',
  avatarUrlInvalid: 'Invalid avatar URL',
  factorNameMax: 'Authenticator name cannot exceed 100 characters',
  uuidInvalid: 'Invalid UUID format',
  recoveryEmailMismatch: 'Enter the email address of this account',
  motivationMax: 'Motivation must be less than 500 characters',
  inviteCountRange: 'count must be between 1 and 100',
  inviteCountInteger: 'count must be a whole number',
  portfolioNameRequired: 'Portfolio name is required',
  portfolioNameMax: 'Name must be less than 100 characters',
  descriptionMax: 'Description must be less than 500 characters',
  shareEmailInvalid: 'Valid email required',
  simulationIdsRequired: 'Simulation IDs required when sharing specific simulations',
  simulationNameRequired: 'Name is required',
  simulationNameMax: 'Name is too long',
  portfolioRequired: 'Portfolio selection is required',
  bioMax: 'Bio must be less than 500 characters',
  timezoneInvalid: 'Choose a time zone from the list',
  timeFormat: 'Time must be in HH:MM format',
  themeNameInvalid: 'Theme names use lowercase letters, digits and dashes',
  foreignSimulations: 'Simulation IDs must be simulations of this portfolio',
  expiryInPast: 'The expiry date must be in the future',
  numberInvalid: 'Enter a number',
  amountPositive: 'Amount must be positive',
  amountDecimals: 'Amount cannot have more than 2 decimal places',
  percentageNegative: 'Percentage cannot be negative',
  percentageMax: 'Percentage cannot exceed 100%',
  interestRateNegative: 'Interest rate cannot be negative',
  interestRateMax: 'Interest rate cannot exceed 100%',
  dateInvalid: 'Invalid date format',
  symbolRequired: 'Symbol is required',
  symbolMax: 'Symbol cannot exceed 10 characters',
  symbolFormat: 'Symbol must contain only uppercase letters, numbers, dots, and hyphens',
  textTooLong: 'This text is too long',
  holdingNameRequired: 'Asset name is required',
  holdingNameMax: 'Name cannot exceed 200 characters',
  currencyInvalid: 'Choose EUR, USD, GBP or CAD',
  quantityPositive: 'Quantity must be positive',
  purchasePricePositive: 'Purchase price must be positive',
  currentPricePositive: 'Current price must be positive',
  purchaseDateRequired: 'Purchase date is required',
  propertyTypeInvalid: 'Choose a property type',
  addressRequired: 'Address is required',
  sizePositive: 'Size must be positive',
  platformRequired: 'Platform is required',
  bankNameRequired: 'Bank name is required',
  accountTypeInvalid: 'Choose an account type',
  balanceInvalid: 'Balance must be a number of zero or more',
  openingDateRequired: 'Opening date is required',
  taxRateInvalid: 'Tax rate must be between 0 and 1',
} as const;

export type ValidationMessageId = keyof typeof VALIDATION_MESSAGES;

const byText = new Map<string, ValidationMessageId>(
  Object.entries(VALIDATION_MESSAGES).map(([id, text]) => [text, id as ValidationMessageId]),
);

/** The id of one of our validation messages, or null for any other text. */
export function validationMessageId(text: string): ValidationMessageId | null {
  return byText.get(text) ?? null;
}
