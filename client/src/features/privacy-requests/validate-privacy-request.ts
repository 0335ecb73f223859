import { isValidEmail } from '../../lib/validation/is-valid-email';
import { isPrivacyRequestType } from './privacy-request-types';
import type { PrivacyRequestType } from './privacy-request-types';

/** The form as typed; requestType is '' until one is chosen. */
export interface PrivacyRequestForm {
  email: string;
  requestType: string;
  description: string;
}

export interface PrivacyRequestPayload {
  email: string;
  requestType: PrivacyRequestType;
  description: string;
}

export const MIN_DESCRIPTION_LENGTH = 10;
/** The server's cap on details (api/features/privacy-requests/privacy-request-input.ts). */
export const MAX_DESCRIPTION_LENGTH = 5000;

export type PrivacyRequestProblems = Partial<Record<keyof PrivacyRequestForm, string>>;

export function validatePrivacyRequest(
  form: PrivacyRequestForm,
): { ok: true; payload: PrivacyRequestPayload } | { ok: false; problems: PrivacyRequestProblems } {
  const email = form.email.trim();
  const description = form.description.trim();
  const problems: PrivacyRequestProblems = {};
  if (!isValidEmail(email)) problems.email = 'Please enter a valid email address';
  if (!isPrivacyRequestType(form.requestType)) problems.requestType = 'Please select a request type';
  if (description.length < MIN_DESCRIPTION_LENGTH) problems.description = 'Please provide at least 10 characters of detail';
  else if (description.length > MAX_DESCRIPTION_LENGTH) problems.description = 'Please keep the details under 5,000 characters';
  const { requestType } = form;
  if (!isPrivacyRequestType(requestType) || Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, payload: { email, requestType, description } };
}
