/** One e-mail to one recipient, in both forms every mail client can show. */
export interface EmailMessage {
  /** The recipient's address (normalised: trimmed, lower-case). */
  to: string;
  subject: string;
  text: string;
  html: string;
}
