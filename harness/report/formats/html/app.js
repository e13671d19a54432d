// Renders report.html from the report embedded in the page. Plain browser JavaScript, no
// network: the page works from file://. The report data is the JSON in #report-data.
(() => {
  // biome-ignore lint/suspicious/noRedundantUseStrict: html.ts inlines this file as a classic <script>, not a module, so the directive is not redundant
  'use strict';
  const report = JSON.parse(document.getElementById('report-data').textContent);
  const SEVERITY = ['error', 'failed', 'warning', 'skipped', 'not-applicable', 'informational', 'passed'];
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') node.className = v;
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v);
    }
    for (const c of children.flat()) if (c !== undefined && c !== null) node.append(c instanceof Node ? c : String(c));
    return node;
  };
  const expectedKeys = new Set(report.expectations?.expected || []);
  const badge = (outcome) => el('span', { class: `badge o-${outcome}` }, outcome);
  // Natural order, as the report's other formats sort sections: "2. POST" before "10. POST".
  const natural = new Intl.Collator('en', { numeric: true }).compare;
  const sectionOf = new Map();
  for (const r of report.requirements) sectionOf.set(`${r.suite} ${r.id}`, r.section);
  const section = (result) => result.requirements.map((id) => sectionOf.get(`${result.suite} ${id}`)).find(Boolean) || 'Unsectioned';
  const results = report.results
    .map((r, index) => ({ ...r, index, section: section(r) }))
    .sort((a, b) => SEVERITY.indexOf(a.outcome) - SEVERITY.indexOf(b.outcome) || a.index - b.index);
  const byKey = new Map();
  for (const r of results) if (!byKey.has(`${r.suite} ${r.id}`)) byKey.set(`${r.suite} ${r.id}`, r);
  const rowId = (r) => `r-${r.index}`;
  const firstLine = (text) => (text || '').split('\n')[0];
  // The headline lists this many reasons; the rest are one click away ("and N more").
  const LISTED = 30;

  function renderSummary() {
    const s = report.summary;
    // The verdict is computed once, by the report writer (harness/report/verdict.ts), for every format.
    const verdict = report.verdict;
    const pass = verdict.exitCode === 0;
    document.getElementById('verdict').append(el('span', { class: pass ? 'verdict-pass' : 'verdict-fail' }, verdict.headline));
    const more = verdict.reasons.slice(LISTED);
    const rest = el('ul', { id: 'more-reasons', class: 'hidden' }, more.map(reasonItem));
    const showRest = (event) => {
      event.preventDefault();
      rest.classList.remove('hidden');
      event.currentTarget.parentElement.remove();
    };
    const list = verdict.reasons.length
      ? el(
          'ul',
          {},
          verdict.reasons.slice(0, LISTED).map(reasonItem),
          more.length ? el('li', {}, el('a', { href: '#more-reasons', onclick: showRest }, `and ${more.length} more`)) : null,
        )
      : null;
    const why = [el('div', {}, `exit code ${verdict.exitCode}`), list, more.length ? rest : null];
    document.getElementById('why').append(...why.filter(Boolean));
    const counts = [
      ['checks', s.total],
      ['passed', s.passed],
      ['failed', s.failed],
      ['warnings', s.warnings],
      ['informational', s.informational],
      ['skipped', s.skipped],
      ['not applicable', s.notApplicable],
      ['errors', s.errors],
    ];
    document.getElementById('counts').append(...counts.map(([label, n]) => el('li', {}, el('b', {}, n), label)));
    for (const e of report.harnessErrors) document.getElementById('harness').append(el('pre', {}, `harness: ${e}`));
  }

  // A reason that names a check ("failed: engine-1.22 engine/x/y") links to its row and says why.
  function reasonItem(reason) {
    const m = /^(failed|error|unexpected|skipped): (\S+) (\S+?):?(?:\s|$)/.exec(reason);
    const r = m && byKey.get(`${m[2]} ${m[3]}`);
    if (!r) return el('li', {}, reason);
    const link = el('a', { href: `#${rowId(r)}`, onclick: (event) => reveal(event, r) }, r.id);
    return el('li', {}, `${m[1]}: `, link, ` (${r.suite})`, r.message ? el('span', { class: 'reason' }, `: ${firstLine(r.message)}`) : null);
  }

  // Shows one check: no filter hides it, its section and its row open.
  function reveal(event, r) {
    event.preventDefault();
    applyFilter({}, false);
    const row = document.getElementById(rowId(r));
    row.closest('details.group').open = true;
    row.open = true;
    row.scrollIntoView();
  }

  // One row per spec section; one column group per suite (engine-1.18, engine-1.22, cloud side
  // by side), each with the outcomes that suite has.
  function renderMatrix() {
    const sections = [...new Set(results.map((r) => r.section))].sort(natural);
    const groups = report.suites
      .map((suite) => ({ suite, outcomes: SEVERITY.filter((o) => results.some((r) => r.suite === suite && r.outcome === o)) }))
      .filter((g) => g.outcomes.length);
    const edge = (i) => (i === 0 ? 'group-start' : '');
    const head = [
      el(
        'tr',
        {},
        el('th', { rowspan: 2 }, 'spec section'),
        groups.map((g) => el('th', { colspan: g.outcomes.length, scope: 'colgroup', class: 'suite group-start' }, g.suite)),
      ),
      el(
        'tr',
        {},
        groups.flatMap((g) => g.outcomes.map((o, i) => el('th', { class: edge(i) }, badge(o)))),
      ),
    ];
    const cell = (sec, suite, o, i) => {
      const n = results.filter((r) => r.section === sec && r.suite === suite && r.outcome === o).length;
      return el('td', { class: `num ${edge(i)}` }, n ? el('button', { onclick: () => applyFilter({ section: sec, suite, outcome: o }) }, n) : '');
    };
    const rows = sections.map((sec) =>
      el(
        'tr',
        {},
        el('td', {}, sec),
        groups.flatMap((g) => g.outcomes.map((o, i) => cell(sec, g.suite, o, i))),
      ),
    );
    const cols = groups.map((g) => el('colgroup', { span: g.outcomes.length, 'data-suite': g.suite }));
    document.getElementById('matrix').append(el('colgroup', {}), ...cols, el('thead', {}, head), el('tbody', {}, rows));
    document.getElementById('sections-count').textContent = `${sections.length} sections: open to see each one's checks by suite and outcome`;
  }

  function exchange(t) {
    const lines = [];
    lines.push(el('div', {}, el('b', {}, `${t.request.method} ${t.request.path}`), t.kind !== 'http' ? ` (${t.kind})` : ''));
    const headers = (h) =>
      Object.entries(h || {})
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n');
    if (Object.keys(t.request.headers || {}).length) lines.push(el('pre', {}, headers(t.request.headers)));
    if (t.request.body) lines.push(el('pre', {}, t.request.body));
    if (t.response) {
      lines.push(el('div', {}, el('b', {}, `← ${t.response.status}`)));
      if (Object.keys(t.response.headers || {}).length) lines.push(el('pre', {}, headers(t.response.headers)));
      if (t.response.body) lines.push(el('pre', {}, t.response.body));
    }
    for (const s of t.stream || []) lines.push(el('pre', { class: `dir-${s.direction}` }, `${s.direction === 'sent' ? '→' : '←'} ${s.data}`));
    if (t.error) lines.push(el('pre', {}, `error: ${t.error}`));
    return el('div', { class: 'exchange' }, lines);
  }

  // Copies from file:// too, where a browser may refuse the Clipboard API: a selected textarea then.
  function copyButton(label, text) {
    const button = el('button', { type: 'button', class: 'copy' }, label);
    const done = () => {
      button.textContent = 'copied';
      setTimeout(() => (button.textContent = label), 1500);
    };
    const fallback = () => {
      const area = el('textarea', {}, text);
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
      done();
    };
    button.addEventListener('click', () => (navigator.clipboard ? navigator.clipboard.writeText(text).then(done, fallback) : fallback()));
    return button;
  }

  function reproduceNode(reproduce) {
    return el(
      'div',
      { class: 'reproduce' },
      el('div', {}, el('b', {}, 'reproduce'), ' ', copyButton('copy command', reproduce.command), ' ', copyButton('copy curl script', reproduce.script)),
      el('pre', {}, reproduce.command),
      el('pre', { class: 'script', title: 'curl script of its exchanges' }, reproduce.script),
    );
  }

  function resultNode(r) {
    const body = el(
      'div',
      { class: 'body' },
      el(
        'div',
        {},
        'requirements: ',
        r.requirements.map((id) => el('code', {}, id, ' ')),
      ),
      r.endpoint ? el('div', {}, 'endpoint: ', el('code', {}, r.endpoint)) : null,
      el('div', {}, `section: ${r.section} · suite: ${r.suite} · ${r.durationMs} ms`),
      r.message ? el('pre', {}, r.message) : null,
      r.expected !== undefined ? el('div', {}, 'expected:', el('pre', {}, JSON.stringify(r.expected, null, 2))) : null,
      r.actual !== undefined ? el('div', {}, 'actual:', el('pre', {}, JSON.stringify(r.actual, null, 2))) : null,
      r.seed !== undefined ? el('div', {}, `seed ${r.seed}: replay with --seed ${r.seed}`) : null,
      r.reproduce ? reproduceNode(r.reproduce) : null,
      (r.observations || []).length ? el('div', {}, 'observed:', el('pre', {}, r.observations.join('\n'))) : null,
      (r.transcript || []).length ? el('div', {}, el('b', {}, 'wire transcript (redacted)'), r.transcript.map(exchange)) : null,
    );
    const node = el(
      'details',
      { class: 'result', id: rowId(r), 'data-outcome': r.outcome, 'data-suite': r.suite, 'data-section': r.section, 'data-endpoint': r.endpoint || '' },
      el(
        'summary',
        {},
        badge(r.outcome),
        expectedKeys.has(`${r.suite} ${r.id}`) ? el('span', { class: 'badge' }, 'expected departure') : null,
        el('span', {}, r.title),
        el('code', {}, r.id),
        el('code', {}, r.suite),
      ),
    );
    node.append(body);
    node.dataset.text = `${r.id} ${r.title} ${r.requirements.join(' ')} ${r.message} ${r.endpoint || ''}`.toLowerCase();
    return node;
  }

  // The checks of each spec section under one collapsed row, the sections with the worst outcomes first.
  function groupNode(section, rows) {
    const counts = SEVERITY.map((o) => [o, rows.filter((r) => r.outcome === o).length]).filter(([, n]) => n);
    return el(
      'details',
      { class: 'group', 'data-section': section },
      el(
        'summary',
        {},
        el('span', { class: 'group-name' }, section),
        counts.map(([o, n]) => el('span', { class: `count o-${o}` }, `${n} ${o}`)),
      ),
      rows.map(resultNode),
    );
  }

  function renderResults() {
    const sections = new Map();
    for (const r of results) sections.set(r.section, [...(sections.get(r.section) || []), r]);
    const worst = (rows) => SEVERITY.indexOf(rows[0].outcome);
    const ordered = [...sections].sort(([a, ra], [b, rb]) => worst(ra) - worst(rb) || natural(a, b));
    document.getElementById('results').append(...ordered.map(([section, rows]) => groupNode(section, rows)));
    const fill = (id, values) => document.getElementById(id).append(...values.map((v) => el('option', { value: v }, v)));
    fill(
      'f-outcome',
      SEVERITY.filter((o) => results.some((r) => r.outcome === o)),
    );
    fill('f-suite', report.suites);
    fill('f-section', [...new Set(results.map((r) => r.section))].sort(natural));
    fill('f-endpoint', [...new Set(results.map((r) => r.endpoint).filter(Boolean))].sort());
    for (const id of ['f-text', 'f-outcome', 'f-suite', 'f-section', 'f-endpoint']) document.getElementById(id).addEventListener('input', filter);
  }

  // Each fault once (a fault proves a requirement through several checks), the first few shown.
  function faults(proofs) {
    const names = [...new Set(proofs.map((p) => p.fault))];
    const shown = names.slice(0, 3).map((f) => el('code', {}, f));
    const rest = names.slice(3);
    return el(
      'div',
      { class: 'faults' },
      shown,
      rest.length
        ? el(
            'details',
            {},
            el('summary', {}, `and ${rest.length} more`),
            rest.map((f) => el('code', {}, f)),
          )
        : null,
    );
  }

  function renderRequirements() {
    const rows = report.requirements.map((r) =>
      el(
        'tr',
        { 'data-outcome': r.outcome },
        el('td', {}, badge(r.outcome)),
        el('td', {}, el('code', {}, r.id)),
        el('td', {}, r.level),
        el('td', {}, r.section),
        el('td', {}, r.statement),
        el('td', {}, r.checks.length ? r.checks.length : r.uncoveredReason || '—'),
        el('td', {}, r.proven ? faults(r.proofs || []) : r.checks.length && r.level !== 'informational' ? 'not proven' : ''),
      ),
    );
    document.getElementById('requirements').append(
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ['outcome', 'requirement', 'level', 'section', 'statement', 'checks', 'proven by fault'].map((h) => el('th', {}, h)),
        ),
      ),
      el('tbody', {}, rows),
    );
  }

  function applyFilter(values, scroll = true) {
    document.getElementById('f-text').value = values.text || '';
    document.getElementById('f-outcome').value = values.outcome || '';
    document.getElementById('f-suite').value = values.suite || '';
    document.getElementById('f-section').value = values.section || '';
    document.getElementById('f-endpoint').value = values.endpoint || '';
    filter();
    if (scroll) document.getElementById('results').scrollIntoView();
  }

  function filter() {
    const text = document.getElementById('f-text').value.trim().toLowerCase();
    const want = {
      outcome: document.getElementById('f-outcome').value,
      suite: document.getElementById('f-suite').value,
      section: document.getElementById('f-section').value,
      endpoint: document.getElementById('f-endpoint').value,
    };
    let shown = 0;
    for (const node of document.querySelectorAll('#results details.result')) {
      const ok = (!text || node.dataset.text.includes(text)) && Object.entries(want).every(([k, v]) => !v || node.dataset[k] === v);
      node.classList.toggle('hidden', !ok);
      if (ok) shown++;
    }
    // A filter opens the sections it finds checks in and hides the others; none leaves them as they are.
    const active = Boolean(text) || Object.values(want).some(Boolean);
    for (const group of document.querySelectorAll('#results details.group')) {
      const found = group.querySelector('details.result:not(.hidden)') !== null;
      group.classList.toggle('hidden', !found);
      if (active) group.open = found;
    }
    document.getElementById('shown').textContent = `${shown} of ${results.length} checks shown`;
  }

  renderSummary();
  renderMatrix();
  renderResults();
  renderRequirements();
  filter();
})();
