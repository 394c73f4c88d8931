import { type ReactNode, useId } from 'react';

const HEADING_CLASS = { 2: 'text-xl font-semibold', 3: 'mb-1 font-semibold' } as const;

/**
 * A region named by its own heading: the section's aria-labelledby and the heading's id are paired here, once, so
 * screen readers list the region by the heading's text. Level 2 for a page's or a console's parts, 3 inside a dialog.
 */
export function TitledSection({
  title,
  level = 2,
  className,
  headingClassName = HEADING_CLASS[level],
  children,
}: {
  title: ReactNode;
  level?: 2 | 3;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  const id = `${useId()}-title`;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
