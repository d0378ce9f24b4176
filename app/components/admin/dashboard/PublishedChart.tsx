import { useId } from "react";
import { formatMessage } from "~/lib/format-message";
import {
  useFormatDate,
  useFormatNumber,
  useMessages,
} from "~/contexts/i18n";
import type { PublishedDay } from "~/lib/api-types";
import { languageNameIn } from "~/lib/language-names";
import { LANGUAGES } from "~/lib/limits";

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 2;

/**
 * Each language's colour, in the order the bars stack them from the bottom: the last language of
 * LANGUAGES first, so that the first (Nepali) tops each bar.
 */
const SERIES = [...LANGUAGES].reverse().map((language, index) => ({
  language,
  fill: ["fill-brand", "fill-amber-500 dark:fill-amber-400", "fill-teal-600 dark:fill-teal-400", "fill-rose-500 dark:fill-rose-400"][index % 4]!,
  swatch: ["bg-brand", "bg-amber-500 dark:bg-amber-400", "bg-teal-600 dark:bg-teal-400", "bg-rose-500 dark:bg-rose-400"][index % 4]!,
}));

const countIn = (day: PublishedDay, language: string) => day.counts[language] ?? 0;
const dayTotal = (day: PublishedDay) => SERIES.reduce((sum, { language }) => sum + countIn(day, language), 0);

/** A day's date as the interface writes dates: noon in Nepal on that calendar day. */
const noonOf = (day: string) => `${day}T06:15:00.000Z`;

/**
 * Stories published per day over the last 30 days, each language stacked (issue 15), drawn as
 * plain SVG: no chart library, nothing fetched. The same numbers are in a table for screen readers.
 */
export function PublishedChart({ days }: { days: PublishedDay[] }) {
  const messages = useMessages();
  const formatDate = useFormatDate();
  const formatNumber = useFormatNumber();
  const id = useId();
  const most = Math.max(1, ...days.map(dayTotal));
  const barWidth = WIDTH / days.length - GAP;
  const scale = (n: number) => (n / most) * (HEIGHT - 4);
  const total = days.reduce((sum, d) => sum + dayTotal(d), 0);
  return (
    <figure
      className="rounded-lg bg-white p-5 shadow-sm dark:bg-neutral-900"
      aria-labelledby={`${id}-caption`}
    >
      <figcaption
        id={`${id}-caption`}
        className="flex flex-wrap items-baseline justify-between gap-2"
      >
        <span className="font-bold">{messages.chartPublishedPerDay}</span>
        <span className="text-sm text-neutral-600 dark:text-neutral-400">{`${formatMessage(messages.chartTotal, { count: formatNumber(total) })} · ${messages.chartMostInADay} ${formatNumber(most)}`}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-4 h-40 w-full"
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        <line
          x1="0"
          x2={WIDTH}
          y1={HEIGHT - 0.5}
          y2={HEIGHT - 0.5}
          className="stroke-neutral-300 dark:stroke-neutral-700"
        />
        {days.map((d, i) => {
          const x = i * (WIDTH / days.length) + GAP / 2;
          let below = 0;
          return (
            <g key={d.day}>
              <title>{`${formatDate(noonOf(d.day))}: ${SERIES.map(({ language }) => `${languageNameIn(messages, language)} ${formatNumber(countIn(d, language))}`).join(", ")}`}</title>
              {SERIES.map(({ language, fill }) => {
                const height = scale(countIn(d, language));
                below += height;
                return <rect key={language} x={x} width={barWidth} y={HEIGHT - below} height={height} className={fill} />;
              })}
            </g>
          );
        })}
      </svg>
      <div
        className="mt-1 flex justify-between text-xs text-neutral-600 dark:text-neutral-400"
        aria-hidden="true"
      >
        <span>{days[0] ? formatDate(noonOf(days[0].day)) : null}</span>
        <span>{days.at(-1) ? formatDate(noonOf(days.at(-1)!.day)) : null}</span>
      </div>
      <ul className="mt-3 flex flex-wrap gap-4 text-sm" aria-hidden="true">
        {SERIES.map(({ language, swatch }) => (
          <li key={language} className="flex items-center gap-2">
            <span className={`inline-block h-3 w-3 rounded-sm ${swatch}`} />
            {languageNameIn(messages, language)}
          </li>
        ))}
      </ul>
      {/* A table is as tall as its rows whatever its box says: the wrapper hides it without lengthening the page. */}
      <div className="sr-only">
        <table>
          <caption>{messages.chartPublishedPerDay}</caption>
          <thead>
            <tr>
              <th scope="col">{messages.chartDay}</th>
              {SERIES.map(({ language }) => (
                <th key={language} scope="col">
                  {languageNameIn(messages, language)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{formatDate(noonOf(d.day))}</th>
                {SERIES.map(({ language }) => (
                  <td key={language}>{formatNumber(countIn(d, language))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
