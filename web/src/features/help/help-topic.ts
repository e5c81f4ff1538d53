// The shape of a help page: written for this product, rendered by HelpPage.
import type { ReactNode } from 'react';

export interface HelpTopic {
  slug: string;
  title: string;
  /** One line shown in the topic list. */
  summary: string;
  body: ReactNode;
}
