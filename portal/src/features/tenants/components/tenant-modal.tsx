import { endpoints, type Tenant } from '@canopy/portal-contract';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../shared/api/api-fetch.ts';
import { validateTenant, type TenantFormErrors } from '../../../shared/rules/validation.ts';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { SelectField, TextField } from '../../../shared/ui/field.tsx';
import { LogoPicker } from '../../../shared/ui/logo-picker.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useSaveTenant } from '../api/tenant-mutations.ts';
import { workspaceName, type TenantForm } from './tenant-form-state.ts';
import { Button } from '../../../shared/ui/button.tsx';

export interface TenantModalProps {
  /** The tenant being edited, or null to create one. */
  editing: Tenant | null;
  open: boolean;
  closing: boolean;
  form: TenantForm;
  setForm: (update: (form: TenantForm) => TenantForm) => void;
  onClose: () => void;
}

/** Create/edit a tenant: Basic Information, Organization Branding, and (create only) Power BI Integration. */
export function TenantModal({ editing, open, closing, form, setForm, onClose }: TenantModalProps) {
  const [errors, setErrors] = useState<TenantFormErrors>({});
  const save = useSaveTenant();
  const verb = editing ? 'update' : 'create';
  const set = <K extends keyof TenantForm>(key: K, value: TenantForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateTenant(form.name, form.adminEmail);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        id: editing?.id,
        body: { ...form, name: form.name.trim(), adminEmail: form.adminEmail.trim() },
      },
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
    );
  };

  return (
    <Dialog
      open={open}
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
            <TextField
              label="Organization Name"
              value={form.name}
              onChange={(event) => set('name', event.target.value)}
              error={errors.name}
              required
            />
            <TextField
              label="Admin Email"
              type="email"
              value={form.adminEmail}
              onChange={(event) => set('adminEmail', event.target.value)}
              error={errors.adminEmail}
              required
            />
            {editing && (
              <SelectField
                label="Status"
                value={form.status}
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
            logoUrl={form.logoUrl}
            endpoint={endpoints.uploadTenantLogo}
            onUploaded={(url) => set('logoUrl', url)}
          />
          <div className="form-grid">
            <TextField
              label="Primary Color"
              type="color"
              value={form.primaryColor}
              onChange={(event) => set('primaryColor', event.target.value)}
            />
            <SelectField
              label="Theme"
              value={form.theme}
              onChange={(event) => set('theme', event.target.value as TenantForm['theme'])}
            >
              <option value="dark">Dark</option>
              <option value="light">Light</option>
            </SelectField>
          </div>
        </fieldset>
        {!editing && (
          <fieldset className="form-section">
            <legend>Power BI Integration</legend>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={form.createPowerBIWorkspace}
                onChange={(event) => set('createPowerBIWorkspace', event.target.checked)}
              />
              Create Power BI Workspace
            </label>
            {form.createPowerBIWorkspace && (
              <p className="field__hint">Workspace name: {workspaceName(form.name)}</p>
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
