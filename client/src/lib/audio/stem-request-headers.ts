/**
 * Sent with every stem request (GET and HEAD), whatever path fetches it (the engine, the offline
 * keeper, the HEAD plan): the API serves its metered stem stream only to the player's own requests,
 * known by Sec-Fetch-Site, or by this header where a browser sends no Sec-Fetch-Site. Another site
 * cannot send it (a navigation carries no custom header; a fetch with one needs CORS the API never
 * grants), so a link elsewhere cannot spend the user's credits (docs/decisions/0054).
 */
export const stemRequestHeaders: Readonly<Record<string, string>> = { 'X-Woodshed-Player': '1' };
