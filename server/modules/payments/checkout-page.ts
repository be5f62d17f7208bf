import QRCode from 'qrcode';
import type { Charge } from '../../platform/psp';

/**
 * The page where a player pays a PIX charge: QR code, "copia e cola" with copy, the 30-minute
 * countdown and 'Problema de pagamento?'. The sandbox adds buttons that play the payer's bank.
 * Scripts and styles are separate files so the page runs under a strict CSP (no inline script).
 */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function checkoutPage(charge: Charge, options: { bankButtons: boolean }): Promise<string> {
  const qr = await QRCode.toString(charge.brCode, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  const amount = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(
    charge.amountCents / 100,
  );
  const page = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pagamento PIX — ${escapeHtml(amount)}</title>
<link rel="stylesheet" href="/pix/checkout.css"></head>
<body data-txid="${escapeHtml(charge.txid)}" data-expires="${charge.expiresAt.toISOString()}" data-status="${charge.status}">
<main>
  <header><span class="bank">Banco Sandbox</span><span class="tag">ambiente de teste</span></header>
  <h1>Pague com PIX</h1>
  <p class="amount" data-testid="psp-amount">${escapeHtml(amount)}</p>
  <div class="qr" role="img" aria-label="QR Code PIX">${qr}</div>
  <p class="countdown">Pague em até <strong id="countdown" data-testid="psp-countdown">30:00</strong></p>
  <label for="brcode">PIX copia e cola</label>
  <div class="copy"><input id="brcode" readonly value="${escapeHtml(charge.brCode)}" data-testid="psp-brcode">
  <button id="copy" type="button">Copiar</button></div>
  <p id="toast" role="status" aria-live="polite"></p>
  <p id="state" data-testid="psp-state">${charge.status === 'CONCLUIDA' ? 'Pagamento concluído' : charge.status === 'ATIVA' ? 'Aguardando pagamento' : 'Cobrança expirada'}</p>
  ${
    options.bankButtons
      ? `<section class="bank-actions" aria-label="Simular o banco pagador">
    <h2>Simular o banco pagador</h2>
    <button data-action="pay" data-testid="psp-pay">Pagar</button>
    <button data-action="pay-other">Pagar de outro CPF</button>
    <button data-action="twice">Pagar (webhook duas vezes)</button>
    <button data-action="late">Pagar (webhook atrasado)</button>
    <button data-action="expire">Deixar expirar</button>
    <button data-action="fail">Falhar</button>
  </section>`
      : ''
  }
  <p class="help"><a href="/text_faq_dr" target="_top">Problema de pagamento?</a></p>
</main>
<script src="/pix/checkout.js"></script>
</body></html>`;
  return page;
}

export const CHECKOUT_CSS = `
body{margin:0;font-family:system-ui,sans-serif;background:#f3f5f4;color:#14211b}
main{max-width:26rem;margin:0 auto;padding:1rem 1.25rem 2rem;background:#fff;min-height:100vh;box-sizing:border-box}
header{display:flex;justify-content:space-between;align-items:center;font-size:.85rem;color:#4a5a53}
.tag{background:#ffe9a8;color:#6b4e00;border-radius:999px;padding:.1rem .6rem}
h1{font-size:1.3rem;margin:.75rem 0 .25rem}
.amount{font-size:2rem;font-weight:700;margin:.25rem 0 1rem;color:#0b6b3a}
.qr svg{width:100%;max-width:15rem;display:block;margin:0 auto}
.countdown{text-align:center}
.copy{display:flex;gap:.5rem}.copy input{flex:1;min-width:0;font-family:monospace;font-size:.75rem;padding:.5rem}
button{font:inherit;border:0;border-radius:.5rem;padding:.6rem .9rem;background:#0b6b3a;color:#fff;cursor:pointer}
.bank-actions{border-top:1px dashed #c9d3ce;margin-top:1rem;padding-top:.5rem;display:grid;grid-template-columns:1fr 1fr;gap:.5rem}
.bank-actions h2{grid-column:1/-1;font-size:.95rem;margin:.25rem 0}
.bank-actions button{background:#24453a}
#toast{min-height:1.2em;color:#0b6b3a;text-align:center}
#state{text-align:center;font-weight:600}
.help{text-align:center}
`;

export const CHECKOUT_JS = `
(function () {
  var body = document.body;
  var txid = body.dataset.txid;
  var expires = new Date(body.dataset.expires).getTime();
  var countdown = document.getElementById('countdown');
  var state = document.getElementById('state');
  var toast = document.getElementById('toast');
  function show(text) { toast.textContent = text; setTimeout(function () { toast.textContent = ''; }, 1500); }
  function tick() {
    var left = Math.max(0, Math.floor((expires - Date.now()) / 1000));
    countdown.textContent = String(Math.floor(left / 60)).padStart(2, '0') + ':' + String(left % 60).padStart(2, '0');
    if (left === 0 && body.dataset.status === 'ATIVA') state.textContent = 'Cobrança expirada';
  }
  tick(); setInterval(tick, 1000);
  document.getElementById('copy').addEventListener('click', function () {
    var input = document.getElementById('brcode');
    input.select();
    var done = function () { show('A cópia foi bem-sucedida'); };
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, function () { document.execCommand('copy'); done(); });
    else { document.execCommand('copy'); done(); }
  });
  function call(path, payload, okText) {
    return fetch('/sandbox-psp/charges/' + txid + '/' + path, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload || {})
    }).then(function (r) { return r.json().then(function (b) { state.textContent = r.ok ? okText : b.message; }); });
  }
  document.querySelectorAll('[data-action]').forEach(function (button) {
    button.addEventListener('click', function () {
      var action = button.dataset.action;
      if (action === 'pay') call('pay', {}, 'Pagamento concluído');
      if (action === 'twice') call('pay', { scenario: 'twice' }, 'Pagamento concluído (aviso em dobro)');
      if (action === 'late') call('pay', { scenario: 'late' }, 'Pagamento concluído (aviso atrasado)');
      if (action === 'pay-other') {
        var cpf = window.prompt('CPF do pagador', '529.982.247-25');
        if (cpf) call('pay', { payerCpf: cpf }, 'Pagamento concluído por outro CPF');
      }
      if (action === 'expire') call('expire', {}, 'Cobrança expirada');
      if (action === 'fail') state.textContent = 'Pagamento recusado pelo banco. Nenhum valor foi debitado.';
    });
  });
})();
`;
