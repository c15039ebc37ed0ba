() => {
  // What is wrong with the web table's layout as shown (tests/serve/serve_support.py runs it).
  const problems = [];
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width) {
    problems.push(`the page is ${document.documentElement.scrollWidth} px wide on a ${width} px screen`);
  }
  const boxes = [];
  const parts = [["seat", ".felt .seat"], ["trick", ".felt .center"], ["hand", ".row.hand"],
    ["scoreboard", ".scoreboard"], ["result", ".result"], ["moves", ".actions"]];
  for (const [name, selector] of parts) {
    document.querySelectorAll(selector).forEach((node, i) => {
      boxes.push([`${name} ${node.dataset.seat ?? i}`, node.getBoundingClientRect()]);
    });
  }
  for (const [name, r] of boxes) {
    if (r.width < 1 || r.height < 1) problems.push(`${name} is not shown`);
  }
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      if (overlap(boxes[i][1], boxes[j][1])) problems.push(`${boxes[i][0]} overlaps ${boxes[j][0]}`);
    }
  }
  const felt = document.querySelector(".felt");
  if (felt) {
    const area = felt.getBoundingClientRect();
    for (const [name, r] of boxes) {
      if ((name.startsWith("seat") || name.startsWith("trick")) && !inside(r, area)) problems.push(`${name} leaves the felt`);
    }
    const center = felt.querySelector(".center").getBoundingClientRect();
    felt.querySelectorAll(".center .card").forEach((card) => {
      if (!inside(card.getBoundingClientRect(), center)) problems.push(`a card of the trick (${card.dataset.card ?? "face down"}) leaves it`);
    });
  }
  for (const node of document.querySelectorAll("#app *")) {
    const r = node.getBoundingClientRect();
    if (r.width > 0 && (r.left < -1 || r.right > width + 1)) {
      problems.push(`<${node.tagName.toLowerCase()} class="${node.className}"> runs off the screen`);
      break;
    }
  }
  const log = document.querySelector(".log");
  if (log) {
    const style = getComputedStyle(log);
    if (parseFloat(style.paddingLeft) < 3 * parseFloat(style.fontSize)) problems.push("the log's numbers are clipped past 999");
  }
  return problems;
}
