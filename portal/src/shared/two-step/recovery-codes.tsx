import { useState } from 'react';
import { Button } from '../ui/button.tsx';
import { toast } from '../ui/toast-store.ts';
import { recoveryCodesFile } from './one-time-code.ts';

/** Hands the codes to the browser as a text file (nothing is sent anywhere). */
function download(codes: readonly string[], account: string) {
  const text = recoveryCodesFile(codes, account, window.location.origin);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'canopy-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Fresh recovery codes, shown this once: the server keeps only their hashes. Copy and Download
 * put them somewhere safe; `onDone` is the way on once the person has.
 */
export function RecoveryCodes(props: {
  codes: readonly string[];
  account: string;
  doneLabel?: string;
  onDone: () => void;
}) {
  const [saved, setSaved] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.codes.join('\n'));
      setSaved(true);
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Could not copy: select the codes and copy them, or download them');
    }
  };
  return (
    <div className="recovery-codes">
      <div className="notice notice--warning" role="status">
        Save these recovery codes now: they are shown only once. Each one signs you in a single time
        if you lose your phone or passkey.
      </div>
      <ol className="recovery-codes__list" aria-label="Recovery codes">
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            download(props.codes, props.account);
            setSaved(true);
          }}
        >
          Download
        </Button>
        <Button className="recovery-codes__done" onClick={props.onDone}>
          {props.doneLabel ?? (saved ? 'Done' : 'I have saved them')}
        </Button>
      </div>
    </div>
  );
}
