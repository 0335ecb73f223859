/** The plain-text body of the sign-in e-mail. */
export function signInEmailText(values: { code: string; link: string }): string {
  return `Sign in to Woodshed

Click this link to sign in:
${values.link}

Or enter this 6-digit code on the sign-in screen:
${values.code}

The code will expire in 15 minutes.

If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without it.
`;
}
