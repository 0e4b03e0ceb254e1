import type { ReactNode } from 'react';
import { DeskPageTitle } from '../../../components/desk-shell/desk-page-title';

/** A compliance page's title row (compliance.css): the heading, a line of what it is for, and its own tools. */
export function PageTitle(props: { title: string; note?: ReactNode; children?: ReactNode }) {
  return <DeskPageTitle {...props} className="compliance-head" />;
}
