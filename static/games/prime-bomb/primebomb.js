// Prime Bomb – Capture: only when the teacher turned the product on ("Product while choosing:
// shown", view.product_shown), write "= 28" after the ticked cards' expression (which CSS
// shows: static/games/prime-bomb/primebomb.css). Without that setting the board never multiplies for the
// child: multiplying is what the game practises. Loaded once with the page; the board forms it
// reads are found at each change, so boards swapped in by htmx work too.
(function () {
  "use strict";
  if (window.primeBombProduct) return;
  window.primeBombProduct = true;

  function show(form) {
    if (!form || !form.hasAttribute("data-product-shown")) return;
    var out = form.querySelector(".pb-product");
    if (!out) return;
    var ticked = form.querySelectorAll("input[name=cards]:checked");
    var product = 1;
    ticked.forEach(function (box) {
      product *= parseInt(box.getAttribute("data-value"), 10);
    });
    out.textContent = ticked.length > 1 && !isNaN(product) ? " = " + product : "";
  }

  function showAll() {
    document.querySelectorAll(".pb-hand-form[data-product-shown]").forEach(show);
  }

  document.addEventListener("change", function (event) {
    if (event.target.name === "cards") show(event.target.closest(".pb-hand-form"));
  });
  document.addEventListener("htmx:afterSettle", showAll);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", showAll);
  } else {
    showAll();
  }
})();
