/**
 * The texts of MSG the screens before signing in read (sign-in, sign-up, password reset, legal and error
 * pages, and the API errors they show): the first page bundles only these, the rest of MSG comes with the
 * signed-in panel. MSG (messages.ts) holds them too, word for word.
 */
export const PUBLIC_MSG = {
  // Sign in / sign up (01 §2, §5, §8)
  signInTitle: 'Sign In',
  signInSubtitle: 'Enter your email and password to sign in!',
  signInButton: 'Sign in',
  signingIn: 'Signing in...',
  keepMeLoggedIn: 'Keep me logged in',
  forgotPassword: 'Forgot password?',
  signUpTitle: 'Sign Up',
  signUpButton: 'Sign Up',
  signingUp: 'Signing Up...',
  loginRequired: 'Email and password are required.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  confirmPasswordRequired: 'Please confirm your password.',
  passwordsDoNotMatch: 'Passwords do not match.',
  agreeToTermsRequired: 'You must agree to the terms and conditions.',
  errorSigningIn: 'Error signing in',
  failedToSignUp: 'Failed to sign up. Please try again.',
  internalServerError: 'Internal server error',
  tokenMissing: 'Authorization token is missing',
  userIdMissing: 'User ID is missing',
  networkError: 'Network error. Please try again.',
  notFound: 'We can\u2019t seem to find the page you are looking for!',
  backToHome: 'Back to Home Page',

  // Shared by every page
  requestTimedOut: 'Request timed out',
  loading: 'Loading...',
} as const;
