/** The embed pages' stylesheet, injected once by the frame script (the HTML stays minimal). */
const CSS = `
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;height:100%;overflow:hidden;font:13px/1.4 "Segoe UI","Liberation Sans",system-ui,sans-serif;color:#252423;background:#f3f2f1}
#canopy-root{height:100%;display:flex;flex-direction:column}
button{font:inherit}
.cv-placeholder{margin:auto;color:#605e5c}
.cv-fatal{margin:auto;max-width:32em;padding:16px;border-left:4px solid #a4262c;background:#fde7e9}
.cv-main{flex:1;display:flex;min-height:0}
.cv-canvas-wrap{flex:1;overflow:auto;padding:8px;background:#eaeaea}
.cv-mobile .cv-canvas-wrap{padding:0;overflow-x:hidden;overflow-y:auto;scrollbar-gutter:stable;scrollbar-width:thin}
.cv-mobile .cv-canvas{box-shadow:none}
.cv-canvas-wrap.cv-solo{padding:0;background:transparent;overflow:hidden}
.cv-canvas{position:relative;margin:0 auto;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.cv-solo .cv-canvas{box-shadow:none}
html.cv-transparent,html.cv-transparent body,.cv-transparent .cv-canvas-wrap{background:transparent}
.cv-transparent .cv-canvas{background:transparent;box-shadow:none}
.cv-empty{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;color:#605e5c;margin:0}
.cv-visual{position:absolute;display:flex;flex-direction:column;background:#fff;border:1px solid transparent;border-radius:4px;overflow:hidden}
.cv-visual:hover{border-color:#c8c6c4}
.cv-visual-header{display:flex;align-items:center;gap:4px;padding:4px 8px 0;min-height:24px}
.cv-visual-title{flex:1;margin:0;font-size:13px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.cv-visual-options{border:0;background:transparent;cursor:pointer;opacity:0;padding:0 4px;font-size:16px;line-height:1}
.cv-visual:hover .cv-visual-options,.cv-visual-options:focus{opacity:1}
.cv-visual-body{flex:1;min-height:0;position:relative}
.cv-visual-note{flex:none;font-size:11px;color:#8a5a00;background:#fff4ce;border-radius:2px;padding:0 4px}
.cv-loading,.cv-visual-error{padding:8px;color:#605e5c;font-size:12px}
.cv-visual-error{color:#a4262c}
.cv-card{height:100%;display:flex;flex-direction:column;align-items:center;justify-content:center}
.cv-card-value{font-size:34px;font-weight:600;line-height:1.1}
.cv-card-label{color:#605e5c;font-size:12px}
.cv-visual-body{container-type:inline-size}
.cv-table-wrap{position:absolute;inset:0;overflow:auto;padding:0 8px 8px;scrollbar-width:thin;scrollbar-color:#c8c6c4 transparent}
.cv-table{width:100%;border-collapse:collapse;font-size:12px}
.cv-table th,.cv-table td{padding:3px 6px;text-align:left;border-bottom:1px solid #edebe9;white-space:nowrap}
.cv-table td.text{max-width:16em;overflow:hidden;text-overflow:ellipsis}
.cv-table thead th{position:sticky;top:0;z-index:1;background:#fff;border-bottom:2px solid var(--accent,#2f6fdf);white-space:normal;vertical-align:bottom;line-height:1.2;min-width:3.5em}
.cv-table tbody th{white-space:nowrap}
.cv-table.cv-compact th,.cv-table.cv-compact td{padding:2px 3px;min-width:0}
@container (max-width:560px){.cv-table{font-size:11px}.cv-table th,.cv-table td{padding:2px 4px}.cv-table td.text{max-width:11em}}
.cv-table .num{text-align:right;font-variant-numeric:tabular-nums}
.cv-table tbody tr{cursor:pointer}
.cv-table tbody tr:hover{background:#f3f2f1}
.cv-table tr.dimmed{opacity:.4}
.cv-table tr.selected{background:#deecf9}
.cv-table tfoot td,.cv-table tfoot th,.cv-table td.total{font-weight:600}
.cv-slicer{list-style:none;margin:0;padding:4px 8px;position:absolute;inset:0;overflow:auto}
.cv-slicer li{display:flex;align-items:center;gap:6px;padding:2px 0}
.cv-slicer label{cursor:pointer}
.cv-filter-pane{flex:none;overflow:auto;padding:8px 12px;background:#faf9f8;border-left:1px solid #edebe9;font-size:12px}
.cv-filter-pane h2{font-size:14px;margin:0 0 8px}
.cv-filter-pane h3{font-size:12px;margin:8px 0 4px;color:#605e5c;text-transform:uppercase;letter-spacing:.04em}
.cv-filter-pane ul{margin:0;padding-left:16px}
.cv-muted{color:#a19f9d;margin:0}
.cv-tabs{flex:none;display:flex;gap:2px;padding:0 8px;background:#f3f2f1;border-top:1px solid #edebe9;overflow-x:auto}
.cv-tab{border:0;background:transparent;padding:6px 12px;cursor:pointer;border-top:3px solid transparent;white-space:nowrap}
.cv-tab[aria-selected=true]{border-top-color:#2f6fdf;background:#fff;font-weight:600}
.cv-bookmarks{flex:none;display:flex;gap:6px;padding:6px 8px;background:#fff;border-top:1px solid #edebe9}
.cv-bookmark,.cv-tool,.cv-button{border:1px solid #8a8886;background:#fff;border-radius:2px;padding:3px 10px;cursor:pointer}
.cv-button-primary{background:#2f6fdf;color:#fff;border-color:#2f6fdf}
.cv-toolbar{flex:none;display:flex;align-items:center;gap:6px;padding:6px 8px;background:#fff;border-bottom:1px solid #edebe9}
.cv-toolbar-label{font-weight:600;margin-right:auto}
.cv-menu{position:fixed;z-index:1000;min-width:160px;background:#fff;border:1px solid #c8c6c4;box-shadow:0 4px 12px rgba(0,0,0,.16);padding:4px 0;display:flex;flex-direction:column}
.cv-menu-item{border:0;background:transparent;text-align:left;padding:6px 12px;cursor:pointer}
.cv-menu-item:hover,.cv-menu-item:focus{background:#f3f2f1;outline:none}
.cv-menu-item[disabled]{color:#a19f9d;cursor:default;background:transparent}
.cv-menu-separator{height:1px;margin:4px 0;background:#edebe9}
[hidden]{display:none!important}
.cv-data-view{position:fixed;inset:0;z-index:900;display:flex;flex-direction:column;background:#fff}
.cv-data-view-header{flex:none;display:flex;align-items:center;gap:12px;padding:8px 12px;border-bottom:1px solid #edebe9}
.cv-data-view-header h2{margin:0;font-size:15px;font-weight:600}
.cv-data-view-chart{flex:0 0 45%;position:relative;margin:8px 12px 0;border-bottom:1px solid #edebe9}
.cv-data-view-body{flex:1;position:relative;min-height:0}
.cv-toast{position:fixed;left:50%;bottom:16px;transform:translateX(-50%);z-index:1100;max-width:80%;padding:8px 14px;background:#323130;color:#fff;border-radius:4px;box-shadow:0 4px 12px rgba(0,0,0,.2)}
.cv-rdl-params.cv-collapsed{width:auto}
.cv-rdl-params.cv-collapsed label{display:none}
.cv-dialog{position:fixed;inset:0;background:rgba(0,0,0,.3);display:flex;align-items:center;justify-content:center;z-index:1000}
.cv-dialog form{background:#fff;padding:16px;min-width:280px;display:flex;flex-direction:column;gap:8px;box-shadow:0 8px 24px rgba(0,0,0,.2)}
.cv-dashboard{flex:1;overflow:auto;padding:12px;display:grid;gap:12px;grid-auto-rows:180px;grid-template-columns:repeat(var(--cols,4),minmax(0,1fr))}
.cv-tile{position:relative;background:#fff;border-radius:4px;box-shadow:0 1px 3px rgba(0,0,0,.12);cursor:pointer;display:flex;flex-direction:column;overflow:hidden}
.cv-tile .cv-visual{position:relative;flex:1;border:0}
.cv-qna{flex:1;display:flex;flex-direction:column;padding:12px;gap:8px;min-height:0}
.cv-qna form{display:flex;gap:6px}
.cv-qna input{flex:1;padding:6px 8px;border:1px solid #8a8886;border-radius:2px;font:inherit}
.cv-qna-result{flex:1;position:relative;min-height:0;background:#fff;border-radius:4px}
.cv-qna-result .cv-visual{position:absolute;inset:0;border:0}
.cv-rdl{flex:1;display:flex;min-height:0}
.cv-rdl-params{flex:none;width:220px;padding:12px;background:#faf9f8;border-right:1px solid #edebe9;display:flex;flex-direction:column;gap:8px}
.cv-rdl-params label{display:flex;flex-direction:column;gap:2px;font-size:12px}
.cv-rdl-params select,.cv-rdl-params input{font:inherit;padding:3px}
.cv-rdl-page{flex:1;overflow:auto;padding:16px 24px;background:#fff}
.cv-rdl-page h1{font-size:18px;margin:0 0 8px}
.cv-rdl-pager{display:flex;align-items:center;gap:8px;margin-top:8px}
.cv-fields{flex:none;width:220px;overflow:auto;padding:8px 12px;background:#faf9f8;border-left:1px solid #edebe9;font-size:12px}
.cv-fields h2{font-size:14px;margin:0 0 8px}
.cv-fields ul{margin:0 0 8px;padding-left:16px}
`;

let injected = false;

export function injectStyles(): void {
  if (injected) return;
  injected = true;
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.append(style);
}
