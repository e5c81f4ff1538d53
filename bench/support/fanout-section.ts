// A further part of the fan-out section (bench/fanout.ts): it runs on the section's stack, after
// the channels, and hands back its printed lines and figures, which join the section's table.
import type { LocalStack } from '../../local/stack';
import type { SectionReport } from './report';

export interface FanoutContext {
  /** The running local stack, its 10,000 council followers seeded. */
  stack: LocalStack;
  /** A seeded closure of the council, and the council's code. */
  closureId: string;
  lgaCode: string;
}

/** A part may use the context or start from nothing; its `inputs` are not printed (the section's are). */
export type FanoutSection = (context: FanoutContext) => Promise<SectionReport>;
