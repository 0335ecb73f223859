/**
 * Sent with every stem request: the API serves metered stems only to the player's own requests, known
 * by Sec-Fetch-Site or this header, which another site cannot send (decision 0054).
 */
export const stemRequestHeaders: Readonly<Record<string, string>> = { 'X-Woodshed-Player': '1' };
