// core/replay-about.js -- who made a replay, when, and its video, as an imported Slidysim leaderboard link says
// them: {by, date, video}, each optional.  They are kept with the replay (the store, the export file, this page's
// #replay= link) and shown beside it.  They come from outside, so each is checked here, once: a name is plain
// text (markup is never read as HTML; at most 40 characters), a date an ISO instant, a video an https: address
// (anything else is dropped).  No DOM.
//
//   checkedAbout({ by: "dphdmn", date: "2025-05-20T14:08:30.245Z", video: "https://youtu.be/aNzNFn8fQMw" })
//   checkedAbout({ video: "javascript:alert(1)" })   // null: nothing left to keep
//   aboutFromLeaderboard(score, titleHtml, videoLink)  // what a leaderboard replay's elements say

const MAX_NAME = 40;

function checkedName(value) {
  if (typeof value !== "string") return null;
  const name = value.replace(/[\u0000-\u001f\u007f]/g, "").replace(/\s+/g, " ").trim();
  return name ? name.slice(0, MAX_NAME) : null;
}

function checkedDate(value) {
  const time = typeof value === "string" || typeof value === "number" ? new Date(value).getTime() : NaN;
  return Number.isFinite(time) && time > 0 ? new Date(time).toISOString() : null;
}

function checkedVideo(value) {
  if (typeof value !== "string" || value.length > 500) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** {by, date, video} with only what checks out (frozen), or null when nothing does. */
export function checkedAbout(about) {
  if (!about || typeof about !== "object") return null;
  const checked = Object.entries({ by: checkedName(about.by), date: checkedDate(about.date), video: checkedVideo(about.video) })
    .filter(([, value]) => value !== null);
  return checked.length ? Object.freeze(Object.fromEntries(checked)) : null;
}

/** What a leaderboard replay says of its solve: the name (the score's nameFilter, else the "Solve by …" of its
 *  title, tags left out), the date (the score's timestamp, ms) and the video (the score's, else the link's). */
export function aboutFromLeaderboard(score, title, video) {
  const titled = typeof title === "string" ? title.replace(/<[^>]*>/g, "").match(/Solve by (.+)$/)?.[1] : null;
  return checkedAbout({
    by: checkedName(score?.nameFilter) ?? titled,
    date: score?.timestamp,
    video: checkedVideo(score?.videolink) ?? video,
  });
}

/** The about's fields for a link's text ("" for what is missing; escaped so that ";" cannot end a field). */
export function aboutFields(about) {
  return ["by", "date", "video"].map((key) => encodeURIComponent(about?.[key] ?? ""));
}

/** The about written by aboutFields, checked again; null when the fields hold nothing (or not escaped text). */
export function aboutFromFields([by, date, video]) {
  try {
    return checkedAbout({ by: decodeURIComponent(by), date: decodeURIComponent(date) || null, video: decodeURIComponent(video) });
  } catch {
    return null;
  }
}
