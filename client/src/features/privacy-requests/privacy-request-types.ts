export type PrivacyRequestType = 'access' | 'delete' | 'correct' | 'portability' | 'restrict' | 'withdraw' | 'appeal' | 'optout';

export const privacyRequestTypes: readonly { value: PrivacyRequestType; label: string }[] = [
  { value: 'access', label: 'Access My Data' },
  { value: 'delete', label: 'Delete My Data' },
  { value: 'correct', label: 'Correct My Data' },
  { value: 'portability', label: 'Data Portability' },
  { value: 'restrict', label: 'Restrict Processing' },
  { value: 'withdraw', label: 'Withdraw Consent' },
  { value: 'appeal', label: 'Appeal a Decision' },
  { value: 'optout', label: 'Opt-Out (California)' },
];

export function isPrivacyRequestType(value: string): value is PrivacyRequestType {
  return privacyRequestTypes.some((type) => type.value === value);
}
