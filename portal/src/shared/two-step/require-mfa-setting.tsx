import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '../api/api-fetch.ts';
import { toast } from '../ui/toast-store.ts';
import { tenantSecurityQuery, useSaveTenantSecurity } from './policy-api.ts';
import './two-step.css';

/**
 * "Require two-step verification for everyone in this organisation": saved as soon as it is
 * ticked or cleared (it is its own setting, not part of the branding form around it). It applies
 * at each person's next sign-in; people without a second factor then set one up before anything
 * else.
 */
export function RequireMfaSetting({ tenantId }: { tenantId: string }) {
  const policy = useQuery({ ...tenantSecurityQuery(tenantId), enabled: !!tenantId });
  const save = useSaveTenantSecurity(tenantId);
  const hintId = useId();
  const checked = save.isPending ? save.variables : (policy.data?.requireMfa ?? false);
  return (
    <div className="policy-setting">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={checked}
          disabled={!policy.data || save.isPending}
          aria-describedby={hintId}
          onChange={(event) =>
            save.mutate(event.target.checked, {
              onSuccess: ({ requireMfa }) =>
                toast.success(
                  requireMfa
                    ? 'Two-step verification is now required for everyone in this organisation'
                    : 'Two-step verification is no longer required',
                ),
              onError: (error) =>
                toast.error(errorMessage(error, 'Failed to save the sign-in policy')),
            })
          }
        />
        Require two-step verification for everyone in this organisation
      </label>
      <p className="field__hint" id={hintId}>
        {policy.isError
          ? 'The current policy could not be loaded.'
          : 'Saved at once. It applies at each person’s next sign-in: anyone without an authenticator app or passkey sets one up before they can go on.'}
      </p>
    </div>
  );
}
