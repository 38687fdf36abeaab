import { AdminPageHeading } from './AdminPageHeading.js';
import { ComingSoonPanel } from './ComingSoonPanel.js';

interface ComingSoonScreenProps {
  title: string;
  summary: string;
}

/** An admin screen that exists in the menu but arrives in a later release. */
export function ComingSoonScreen({ title, summary }: ComingSoonScreenProps) {
  return (
    <>
      <AdminPageHeading title={title} />
      <ComingSoonPanel summary={summary} />
    </>
  );
}
