"""Baseline boot for bench/bare.html: print into the DOM, then mark the page ready."""
from pyscript import document

document.getElementById("app").textContent = "Python is running."
document.documentElement.dataset.jaipur = "ready"
