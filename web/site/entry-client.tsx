// Public pages entry (landing, blog, legal). Replaced by the prerendered site in the public
// site issue; until then it sends visitors to the app.
window.location.replace("/app");
