/** Queries of the FAQ accordions (faq-accordion.tsx) by the questions' texts: role queries, which compute every element's accessible name, are slow over a whole page in jsdom. */

/** The FAQ question button under `root` whose text is `question`. */
export function faqQuestion(root: ParentNode, question: string): HTMLButtonElement {
  const button = Array.from(root.querySelectorAll<HTMLButtonElement>('button[aria-controls]')).find((candidate) => candidate.textContent === question);
  if (button === undefined) throw new Error(`no FAQ question '${question}'`);
  return button;
}

/** The answer of `question`: the region its button controls. */
export function faqAnswer(root: ParentNode, question: string): HTMLElement {
  const answer = document.getElementById(faqQuestion(root, question).getAttribute('aria-controls') ?? '');
  if (answer === null) throw new Error(`no answer to '${question}'`);
  return answer;
}

/** The texts of the FAQ questions under `root` that are open. */
export function openQuestions(root: ParentNode): string[] {
  return Array.from(root.querySelectorAll('button[aria-expanded="true"]')).map((button) => button.textContent);
}
