import { endpoints, type Tenant } from '@canopy/portal-contract';
import { ApiError } from '../../../shared/api/api-fetch.ts';
import { useZodForm } from '../../../shared/forms/use-zod-form.ts';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { SelectField, TextField } from '../../../shared/ui/field.tsx';
import { LogoPicker } from '../../../shared/ui/logo-picker.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useSaveTenant } from '../api/tenant-mutations.ts';
import {
  EMPTY_TENANT_FORM,
  formFromTenant,
  TenantFormSchema,
  workspaceName,
  type TenantForm,
} from './tenant-form-state.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { RequireMfaSetting } from '../../../shared/two-step/require-mfa-setting.tsx';

export interface TenantModalProps {
  /** The tenant being edited, or null to create one. */
  editing: Tenant | null;
  /** Fading out: the form stays as it was until the modal is gone. */
  closing: boolean;
  onClose: () => void;
}

/**
 * Create/edit a tenant: Basic Information, Organization Branding, then Sign-in security (edit only,
 * saved on its own) or Power BI Integration (create only).
 */
export function TenantModal({ editing, closing, onClose }: TenantModalProps) {
  const form = useZodForm(TenantFormSchema, editing ? formFromTenant(editing) : EMPTY_TENANT_FORM);
  const { values, set } = form;
  const save = useSaveTenant();
  const verb = editing ? 'update' : 'create';

  const submit = form.submit((body) =>
    save.mutate(
      { id: editing?.id, body },
      {
        onSuccess: (tenant) => {
          // A new tenant's admin email was invited as its first Admin: say where the mail went.
          toast.success(
            editing
              ? `Tenant "${tenant.name}" updated successfully`
              : `Tenant "${tenant.name}" created successfully. An invitation was sent to ${tenant.adminEmail}.`,
          );
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 0) toast.error('Network error');
          else toast.error(`Failed to ${verb} tenant: ${error.message || 'Unknown error'}`);
        },
      },
    ),
  );

  return (
    <Dialog
      open
      closing={closing}
      size="lg"
      title={editing ? 'Edit Tenant' : 'Add New Tenant'}
      description={
        editing
          ? `Update ${editing.name}'s details and branding.`
          : 'Create an organization and its administrator.'
      }
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate>
        <fieldset className="form-section">
          <legend>Basic Information</legend>
          <div className="form-grid">
            <TextField label="Organization Name" {...form.bind('name')} required />
            <TextField label="Admin Email" type="email" {...form.bind('adminEmail')} required />
            {editing && (
              <SelectField
                label="Status"
                value={values.status}
                onChange={(event) => set('status', event.target.value as TenantForm['status'])}
              >
                <option value="active">Active</option>
                <option value="inactive">Inactive</option>
              </SelectField>
            )}
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend>Organization Branding</legend>
          <LogoPicker
            logoUrl={values.logoUrl}
            endpoint={endpoints.uploadTenantLogo}
            onUploaded={(url) => set('logoUrl', url)}
          />
          <div className="form-grid">
            <TextField
              label="Primary Color"
              type="color"
              value={values.primaryColor}
              onChange={(event) => set('primaryColor', event.target.value)}
            />
            <SelectField
              label="Theme"
              value={values.theme}
              onChange={(event) => set('theme', event.target.value as TenantForm['theme'])}
            >
              <option value="dark">Dark</option>
              <option value="light">Light</option>
            </SelectField>
          </div>
        </fieldset>
        {editing && (
          <fieldset className="form-section">
            <legend>Sign-in security</legend>
            <RequireMfaSetting tenantId={editing.id} />
          </fieldset>
        )}
        {!editing && (
          <fieldset className="form-section">
            <legend>Power BI Integration</legend>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={values.createPowerBIWorkspace}
                onChange={(event) => set('createPowerBIWorkspace', event.target.checked)}
              />
              Create Power BI Workspace
            </label>
            {values.createPowerBIWorkspace && (
              <p className="field__hint">Workspace name: {workspaceName(values.name)}</p>
            )}
          </fieldset>
        )}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : editing ? 'Update Tenant' : 'Create Tenant'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
