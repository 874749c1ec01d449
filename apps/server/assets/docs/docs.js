// Renders /docs/json (OpenAPI 3.1) as a list of endpoints with their request and response schemas.
const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  for (const child of children) node.append(child);
  return node;
};
const json = (value) => el('pre', { textContent: JSON.stringify(value, null, 2) });

async function main() {
  const doc = await (await fetch('/docs/json')).json();
  const list = document.getElementById('endpoints');
  list.replaceChildren();
  for (const [path, item] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
    const op = item.post;
    const content = op.requestBody.content;
    const type = Object.keys(content)[0];
    const answer = op.responses['200'].content['application/json'].schema.oneOf[0].properties.data;
    const entry = el(
      'details',
      { dataset: { text: `${path} ${op.operationId} ${op.summary}`.toLowerCase() } },
      el('summary', {}, el('span', { className: 'path', textContent: path }), el('span', { className: 'tag', textContent: op.tags[0] }), ` ${op.summary}`),
      el('p', { className: 'access', textContent: `${op.operationId} · ${op.description}` }),
      el('h4', { textContent: `Request (${type})` }),
      json(content[type].schema),
      el('h4', { textContent: 'Response data' }),
      json(answer),
    );
    list.append(entry);
  }
  document.getElementById('filter').addEventListener('input', (event) => {
    const q = event.target.value.trim().toLowerCase();
    for (const d of list.children) d.hidden = q !== '' && !d.dataset.text.includes(q);
  });
}

main().catch((err) => {
  document.getElementById('endpoints').textContent = `Could not load /docs/json: ${err}`;
});
