/** HTML-escapes text for the consent page. */
const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The consent screen: what the app asks for, and Allow / Deny buttons posting back every
 * authorize parameter (hidden fields) so the decision is a plain form submission.
 */
export function consentPage(params: Record<string, string>, action: string): string {
  const hidden = Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('\n      ');
  const scopes = (params.scope ?? '')
    .split(' ')
    .filter(Boolean)
    .map((scope) => `<li>${escape(scope)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Allow access — local Xero</title>
    <style>
      body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; color: #1e293b; }
      button { font: inherit; padding: 0.5rem 1.25rem; margin-right: 0.5rem; border-radius: 6px; }
      .allow { background: #13b5ea; color: white; border: none; }
    </style>
  </head>
  <body>
    <h1>Allow access</h1>
    <p>The app <strong>${escape(params.client_id ?? '')}</strong> wants to access your data:</p>
    <ul>${scopes}</ul>
    <form method="post" action="${escape(action)}">
      ${hidden}
      <button class="allow" type="submit" name="decision" value="allow">Allow access</button>
      <button type="submit" name="decision" value="deny">Cancel</button>
    </form>
  </body>
</html>`;
}
