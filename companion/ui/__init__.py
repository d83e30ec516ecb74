"""The companion's Flet screens (``shell``), their pure view-model (``model``), texts (``i18n``)."""
