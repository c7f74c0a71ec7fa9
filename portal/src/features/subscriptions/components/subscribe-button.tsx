import { useState } from 'react';
import { isAdminRole } from '../../../shared/rules/roles.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { SubscribeDialog } from './subscribe-dialog.tsx';

export interface SubscribeButtonProps {
  reportId: string;
  reportName: string;
}

/** The report view's "Subscribe" action (tenant people only: subscriptions mail their tenant's reports). */
export function SubscribeButton({ reportId, reportName }: SubscribeButtonProps) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (session.type !== 'tenant-user' || !session.tenantId) return null;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Subscribe
      </Button>
      {open && (
        <SubscribeDialog
          reportId={reportId}
          reportName={reportName}
          tenantId={session.tenantId}
          isAdmin={isAdminRole(session.roles)}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
