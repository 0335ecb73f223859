/** Methods that may change state: the cross-site guard and the JSON body rule apply to these. */
export const stateChangingMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
