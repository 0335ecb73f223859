/** Links to the sections of the page by their anchors (its contents), numbered when `numbered`. */
export function SectionLinks({ sections, numbered = false }: { sections: ReadonlyArray<{ id: string; title: string }>; numbered?: boolean }) {
  const items = sections.map((section) => (
    <li key={section.id}>
      <a href={`#${section.id}`}>{section.title}</a>
    </li>
  ));
  return numbered ? <ol>{items}</ol> : <ul>{items}</ul>;
}
