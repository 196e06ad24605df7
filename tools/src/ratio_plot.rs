//! A bar chart of time ratios as a standalone SVG document: a bar per
//! (algorithm, graph) on a log scale from a line at 1, ticks at powers of
//! two, a legend of which side is faster, the geometric mean in the title.

use std::fmt::Write as _;

/// One bar: its label and the ratio it shows.
pub struct Bar {
    /// What was measured, e.g. `bfs on kron`.
    pub label: String,
    /// The ratio (positive).
    pub ratio: f64,
}

/// The geometric mean of the ratios (1 for none).
pub fn geometric_mean(bars: &[Bar]) -> f64 {
    if bars.is_empty() {
        return 1.0;
    }
    (bars.iter().map(|b| b.ratio.ln()).sum::<f64>() / bars.len() as f64).exp()
}

/// Escapes text for an SVG text node or attribute.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A ratio as the chart writes it: `2.50x`, or `3.1e-4x` below 0.01.
fn ratio_text(r: f64) -> String {
    if r >= 0.01 {
        format!("{r:.2}x")
    } else {
        format!("{r:.1e}x")
    }
}

/// The chart: a horizontal bar per ratio from the line at 1, on a log
/// scale (a ratio and its inverse are as long, on either side), with ticks
/// at powers of two; `what` names the ratio (`time / reference, 2
/// threads`). `higher_is_better` says which way is good: a speedup's,
/// or not (a time over a reference's); bars on the good side are drawn
/// green, the others orange, and a legend says so.
pub fn svg(what: &str, bars: &[Bar], higher_is_better: bool) -> String {
    const LABEL_W: f64 = 330.0;
    const PLOT_W: f64 = 440.0;
    const BAR_H: f64 = 18.0;
    const GAP: f64 = 6.0;
    const TOP: f64 = 64.0;
    const GOOD: &str = "#2e8b57";
    const BAD: &str = "#e08214";
    // The axis: from below the least ratio to above the greatest, at least
    // 1/2 to 2, in powers of two.
    let ratios = || bars.iter().map(|b| b.ratio).filter(|r| r.is_finite() && *r > 0.0);
    let low = ratios().fold(0.5, f64::min).log2().floor();
    let high = ratios().fold(2.0, f64::max).log2().ceil();
    let x = |r: f64| LABEL_W + (r.log2() - low) / (high - low) * PLOT_W;
    let bottom = TOP + bars.len() as f64 * (BAR_H + GAP);
    let height = bottom + 44.0;
    let width = LABEL_W + PLOT_W + 70.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="10" y="20" font-size="14">{} (geometric mean {} over {} bars; log scale)</text>"#,
        escape(what),
        ratio_text(geometric_mean(bars)),
        bars.len()
    );
    let (good, bad) =
        if higher_is_better { ("faster: above 1", "slower: below 1") } else { ("faster: below 1", "slower: above 1") };
    for (i, (colour, text)) in [(GOOD, good), (BAD, bad)].into_iter().enumerate() {
        let lx = 10.0 + i as f64 * 160.0;
        let _ = writeln!(out, r#"<rect x="{lx}" y="32" width="12" height="12" fill="{colour}"/>"#);
        let _ = writeln!(out, r#"<text x="{:.1}" y="42">{text}</text>"#, lx + 16.0);
    }
    // At most about eight ticks: every power of two, or every second, ...
    // ..., always with one at 1.
    let step = ((high - low) / 8.0).ceil().max(1.0);
    let mut tick = (low / step).ceil() * step;
    while tick <= high {
        let r = tick.exp2();
        let tx = x(r);
        let _ = writeln!(
            out,
            r##"<line x1="{tx:.1}" y1="{:.1}" x2="{tx:.1}" y2="{:.1}" stroke="#cccccc"/>"##,
            TOP - 6.0,
            bottom
        );
        let label = if r >= 1.0 { format!("{r}x") } else { format!("1/{}x", (1.0 / r).round()) };
        let _ = writeln!(out, r#"<text x="{tx:.1}" y="{:.1}" text-anchor="middle">{label}</text>"#, bottom + 16.0);
        tick += step;
    }
    for (i, b) in bars.iter().enumerate() {
        let y = TOP + i as f64 * (BAR_H + GAP);
        let good_side = (b.ratio > 1.0) == higher_is_better;
        let colour = if b.ratio == 1.0 || good_side { GOOD } else { BAD };
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            LABEL_W - 8.0,
            y + BAR_H - 5.0,
            escape(&b.label)
        );
        let (from, to) = (x(1.0), x(b.ratio.clamp(low.exp2(), high.exp2())));
        let _ = writeln!(
            out,
            r#"<rect x="{:.1}" y="{y:.1}" width="{:.1}" height="{BAR_H}" fill="{colour}"/>"#,
            from.min(to),
            (to - from).abs().max(1.0)
        );
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
            from.max(to) + 4.0,
            y + BAR_H - 5.0,
            ratio_text(b.ratio)
        );
    }
    let _ = writeln!(
        out,
        r#"<line x1="{0:.1}" y1="{1:.1}" x2="{0:.1}" y2="{2:.1}" stroke="black" stroke-dasharray="4 3"/>"#,
        x(1.0),
        TOP - 6.0,
        bottom
    );
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_labels_and_the_mean() {
        let bars =
            vec![Bar { label: "bfs on kron".into(), ratio: 2.0 }, Bar { label: "tc on <grid>".into(), ratio: 0.5 }];
        assert!((geometric_mean(&bars) - 1.0).abs() < 1e-12);
        let s = svg("ours / GAPBS", &bars, false);
        assert!(s.starts_with("<svg") && s.trim_end().ends_with("</svg>"));
        assert!(s.contains("geometric mean 1.00x over 2 bars; log scale"));
        assert!(s.contains("tc on &lt;grid&gt;") && s.contains("2.00x") && s.contains("0.50x"));
        // The background, the legend's two swatches, the two bars.
        assert_eq!(s.matches("<rect").count(), 5);
        // Ticks at 1/2, 1 and 2; a ratio and its inverse as long.
        assert!(s.contains(">1/2x<") && s.contains(">1x<") && s.contains(">2x<"));
        assert!(s.contains("faster: below 1"));
    }

    #[test]
    fn colours_follow_which_way_is_better() {
        let bars = vec![Bar { label: "a".into(), ratio: 3.0 }];
        let faster = svg("speedup", &bars, true);
        assert!(faster.matches("#2e8b57").count() == 2, "{faster}");
        let slower = svg("time / reference", &bars, false);
        assert!(slower.matches("#e08214").count() == 2, "{slower}");
    }
}
