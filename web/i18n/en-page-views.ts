/** English texts of the page views table on the developer settings page. */
export const enPageViews = {
  title: "Page views",
  intro: "Views, leaves and average visible time per page and day (UTC) of signed-in users.",
  analyticsEngine: "Page events go to Workers Analytics Engine in this deploy; query them there. This table only holds what was kept locally.",
  daysLabel: "Period",
  days_one: "Last {{count}} day",
  days_other: "Last {{count}} days",
  refresh: "Refresh",
  empty: "No page views in this period",
  loadFailed: "Failed to load page views",
  page: "Page",
  views: "Views",
  leaves: "Leaves",
  averageTime: "Avg. time",
  seconds: "{{s}} s",
  minutes: "{{m}} min {{s}} s",
  none: "–",
};
