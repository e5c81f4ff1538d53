// What a benchmark section hands back: the text it prints, and its figures as rows (each beside
// the product's target where it has one), so docs/performance.md is written from the run itself
// without reading the printed text back.

export interface Figure {
  /** What was measured, in the product's words ("one closure change, median"). */
  figure: string;
  /** The measured value with its unit ("7.3 s", "1,518/s", "135.1 kB"). */
  measured: string;
  /** The product's target, when it has one ("≥ 1,000/s"). */
  target?: string;
  /** Whether the target holds in this run; absent when there is no target. */
  holds?: boolean;
}

export interface SectionReport {
  /** The full console output of the section. */
  printed: string;
  /** The inputs, naming synthetic ones as such ("10,000 synthetic LGA subscribers"). */
  inputs: string;
  figures: Figure[];
}

/** A section that could not run here, and why (printed, and its previous table kept). */
export interface SectionSkipped {
  skipped: string;
}

export type SectionOutcome = SectionReport | SectionSkipped;

export const isSkipped = (outcome: SectionOutcome): outcome is SectionSkipped => 'skipped' in outcome;

/** A figure with a target and the comparison that decides it. */
export const against = (figure: string, measured: string, target: string, holds: boolean): Figure => ({ figure, measured, target, holds });

/** A figure the product sets no target for (printed for comparison between runs). */
export const plain = (figure: string, measured: string): Figure => ({ figure, measured });

/** 1518.4 → "1,518" (en-AU grouping, as the docs write numbers). */
export const count = (n: number, digits = 0) => n.toLocaleString('en-AU', { minimumFractionDigits: digits, maximumFractionDigits: digits });
