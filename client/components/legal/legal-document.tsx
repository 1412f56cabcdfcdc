// Renders a legal text: title, 'Last updated' with today's date (spec/product.md §2 Other), and
// numbered sections.
export type LegalSection = { heading: string; paragraphs: string[] };

const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: LegalSection[];
}) {
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-2">
        <h1 className="font-bold text-3xl tracking-tight">{title}</h1>
        <p className="text-muted-foreground text-sm">Last updated: {longDate.format(new Date())}</p>
        <p className="text-muted-foreground">{intro}</p>
      </header>
      {sections.map((section, index) => (
        <section key={section.heading} className="space-y-2">
          <h2 className="font-semibold text-xl">
            {index + 1}. {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="text-foreground/90 leading-relaxed">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
