import type { ComponentProps } from 'react';
import { DeskPageTitle } from '../../../components/desk-shell/desk-page-title';

/** The title row of an admin management page (admin-forms.css): the desk's page title in the admin's look. */
export function PageHead(props: Omit<ComponentProps<typeof DeskPageTitle>, 'className' | 'toolsClassName'>) {
  return <DeskPageTitle {...props} className="admin-head" toolsClassName="admin-head-tools" />;
}
