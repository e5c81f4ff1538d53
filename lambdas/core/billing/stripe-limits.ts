// How often the app may call Stripe on a person's behalf. Stripe's live API allows about a hundred
// requests a second for the whole account, shared by every council's checkout, portal and
// cancelling; one caller must not be able to use it up. The catalogue is cached, so showing prices
// costs no call; what remains is bounded per request and per person.
export const STRIPE_CALLS_PER_REQUEST = 8;
/** Calls one signed-in person may cause in a window (a checkout costs three or four). */
export const STRIPE_CALLS_PER_USER = 30;
export const STRIPE_WINDOW_SECONDS = 600;

export const STRIPE_LIMIT_MESSAGE = 'You have made too many billing requests in the last 10 minutes. Please try again later.';

/** The counter window a moment falls in. */
export const stripeWindowOf = (nowSeconds: number) => Math.floor(nowSeconds / STRIPE_WINDOW_SECONDS);
