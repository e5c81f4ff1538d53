// A screenshot on a help page (taken from the Forbes demo by scripts/make-help-screenshots.ts).
// Lazy: a help page's text shows at once, on one bar of signal too; the alt text says what the
// picture shows for screen readers and for a picture that cannot load offline.
export function HelpFigure({ src, alt, caption, width, height, narrow = false }: {
  src: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
  /** A phone screenshot, shown at phone width. */
  narrow?: boolean;
}) {
  return (
    <figure className={narrow ? 'help-figure help-figure--narrow' : 'help-figure'}>
      <img src={src} alt={alt} width={width} height={height} loading="lazy" decoding="async" />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
