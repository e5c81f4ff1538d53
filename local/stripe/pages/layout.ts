// Stripe emulator: the shared frame of the hosted pages (checkout, invoice, customer portal) —
// plain accessible HTML that works with a keyboard and on a 360 px phone, clearly marked as the
// local emulator and not Stripe.

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Tagged template that escapes every interpolated value unless it is already `Html`. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0];
  values.forEach((value, index) => {
    const piece = Array.isArray(value)
      ? value.map((item) => (item instanceof Html ? item.text : escapeHtml(item))).join('')
      : value instanceof Html ? value.text : value === false || value === undefined || value === null ? '' : escapeHtml(value);
    out += piece + strings[index + 1];
  });
  return new Html(out);
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f8fa}
header{background:#1a1f36;color:#fff;padding:.75rem 1rem}
header p{margin:0;font-size:.875rem}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
section>h2:first-child,section>h3:first-child{margin-top:0}
section,.card{background:#fff;border:1px solid #d5dbe1;border-radius:8px;padding:1rem;margin-bottom:1rem}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.375rem .25rem;vertical-align:top;border-bottom:1px solid #e3e8ee}
td.amount,th.amount{text-align:right;white-space:nowrap}
tfoot th,tfoot td{border-bottom:0}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input,select{width:100%;font:inherit;padding:.5rem;border:1px solid #6b7385;border-radius:6px;background:#fff;color:#1a1f36}
input:focus,select:focus,button:focus,a:focus{outline:3px solid #0a58ca;outline-offset:2px}
.row{display:flex;gap:.75rem;flex-wrap:wrap}
.row>div{flex:1 1 8rem;min-width:0}
button{font:inherit;font-weight:600;padding:.625rem 1rem;border-radius:6px;border:1px solid #3c3ca8;background:#4343c4;color:#fff;cursor:pointer;min-height:44px}
button.secondary{background:#fff;color:#3c3ca8}
button.danger{background:#a4161a;border-color:#a4161a}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;align-items:center;margin-top:1rem}
a{color:#3c3ca8}
.error{color:#a4161a;font-weight:600;margin:.25rem 0 0}
.notice{background:#eef4ff;border:1px solid #8aa9e6;border-radius:6px;padding:.75rem}
.alert{background:#fdecec;border:1px solid #a4161a;border-radius:6px;padding:.75rem;color:#7a1014;font-weight:600}
.muted{color:#4f566b}
.status{display:inline-block;padding:0 .5rem;border-radius:4px;background:#e3e8ee;font-weight:600}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
`;

export function page(title: string, body: Html): string {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — local Stripe emulator</title>
<style>${STYLE}</style>
</head>
<body>
<header><p>Local Stripe emulator — test mode, no real payments</p></header>
<main id="main">
${body.text}
</main>
</body>
</html>`;
}

/** A labelled text field with its error message tied to it for screen readers. */
export function field(options: { name: string; label: string; value?: string; error?: string; type?: string; autocomplete?: string; inputmode?: string; required?: boolean; placeholder?: string }): Html {
  const id = `field-${options.name}`;
  const errorId = `${id}-error`;
  return html`<div>
<label for="${id}">${options.label}</label>
<input id="${id}" name="${options.name}" type="${options.type ?? 'text'}" value="${options.value ?? ''}"${new Html(options.autocomplete ? ` autocomplete="${escapeHtml(options.autocomplete)}"` : '')}${new Html(options.inputmode ? ` inputmode="${escapeHtml(options.inputmode)}"` : '')}${new Html(options.placeholder ? ` placeholder="${escapeHtml(options.placeholder)}"` : '')}${new Html(options.required ? ' required aria-required="true"' : '')}${new Html(options.error ? ` aria-invalid="true" aria-describedby="${errorId}"` : '')}>
${options.error ? html`<p class="error" id="${errorId}">${options.error}</p>` : ''}
</div>`;
}

export function notFoundPage(what: string): string {
  return page('Not found', html`<h1>Not found</h1><section><p>This ${what} does not exist in the local Stripe emulator.</p></section>`);
}
