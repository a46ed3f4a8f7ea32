// The settings page's choice of colours: standard, high contrast, or as the device asks
// (colours.js, loaded in every page's <head>, keeps and applies it).

const form = document.getElementById("colours-form");
const choices = window.todColours;
if (form && choices) {
  const current = form.querySelector(`input[value="${choices.chosen()}"]`);
  if (current) current.checked = true;
  form.addEventListener("change", (event) => {
    if (event.target.name === "colours") choices.choose(event.target.value);
  });
  form.hidden = false;
}
