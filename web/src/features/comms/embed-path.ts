// The embed's one address, apart from the embed's other helpers so the app shell can route by it
// without loading them (the shell is in every page's first load).

/**
 * The embed's one path: the only page other sites may frame (the server's headers say so for this
 * exact path only) and the only one drawn without the app's navigation.
 */
export const EMBED_PATH = '/lga-embed';

/** `/lga-embed/` and `/lga-embed//`: the router would draw the embed there inside the whole app. */
export const isEmbedPathVariant = (pathname: string) => /^\/lga-embed\/+$/.test(pathname);
