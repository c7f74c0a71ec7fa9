import { useState } from 'react';
import { uploadLogo, type LogoUpload } from '../api/upload-logo.ts';
import { LOGO_ACCEPT, LOGO_HINT, logoUploadFailure } from '../rules/logo-upload.ts';
import { TextField } from './field.tsx';
import { toast } from './toast-store.ts';
import { Button } from './button.tsx';

export interface LogoPickerProps {
  /** The stored logo shown in the preview. */
  logoUrl: string | null;
  /**
   * The super admin's tenant dialog and a tenant Admin's settings page upload to different
   * endpoints, each guarded for its role.
   */
  endpoint: LogoUpload;
  onUploaded: (url: string) => void;
}

/**
 * A logo (images only) is chosen first and sent by its own "Upload Logo" button, apart from saving
 * the form.
 */
export function LogoPicker({ logoUrl, endpoint, onUploaded }: LogoPickerProps) {
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const upload = async () => {
    if (!file) return;
    setUploading(true);
    try {
      onUploaded(await uploadLogo(endpoint, file));
      toast.success('Logo uploaded successfully');
    } catch (error) {
      toast.error(logoUploadFailure(error));
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className="inline" style={{ alignItems: 'flex-end', gap: 16 }}>
      <div className="logo-preview">
        {logoUrl ? <img src={logoUrl} alt="Logo preview" /> : 'No logo'}
      </div>
      <div style={{ flex: 1, minWidth: 200 }}>
        <TextField
          label="Logo"
          type="file"
          accept={LOGO_ACCEPT}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          hint={LOGO_HINT}
        />
      </div>
      <Button variant="secondary" disabled={!file || uploading} onClick={() => void upload()}>
        {uploading ? 'Uploading...' : 'Upload Logo'}
      </Button>
    </div>
  );
}
