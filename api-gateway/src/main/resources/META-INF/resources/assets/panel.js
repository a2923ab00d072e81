// The panel works without JavaScript; this only saves a click: a filter form submits when its select changes.
document.querySelectorAll("form[data-autosubmit] select").forEach(function (select) {
  select.addEventListener("change", function () { select.form.submit(); });
});
