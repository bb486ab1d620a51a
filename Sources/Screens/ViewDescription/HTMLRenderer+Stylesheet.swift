extension HTMLRenderer {
  /// The CSS that draws `render(_:changed:announcements:into:)`'s output as a phone; a page puts
  /// it in its one `<style>` element. No fonts, images or other files: only what the machine has
  /// (DejaVu Sans Mono draws the `⌕`). Nothing moves (no animations), so that screenshots of the
  /// same page are the same. Its colours reach WCAG's contrast of 4.5:1 (axe-core checks them).
  public static let stylesheet: StaticString = """
    .phone { box-sizing: border-box; width: 340px; height: 680px; flex: none;
      border: 10px solid #1c1c1e; border-radius: 44px; background: #1c1c1e;
      box-shadow: 0 6px 18px rgba(0,0,0,.18); overflow: hidden;
      font: 15px/1.3 "DejaVu Sans", "Liberation Sans", "DejaVu Sans Mono", system-ui, sans-serif;
      color: #111; }
    :where(.phone) :is(button, input) { all: unset; }
    .phone :focus-visible { outline: 2px solid #0a64d8; }
    .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden;
      clip-path: inset(50%); white-space: nowrap; }
    .phone-screen { position: relative; height: 100%; border-radius: 34px; overflow: hidden;
      background: #f2f2f7; display: flex; flex-direction: column; }
    .phone:has(.content .changed) { height: auto; min-height: 680px; }
    .phone:has(.content .changed) :is(.phone-screen, .navigation-stack, .screen) {
      height: auto; min-height: 660px; }
    .phone:has(.content .changed) .content { overflow: visible; }
    .navigation-stack, .screen { display: flex; flex-direction: column; flex: 1; min-height: 0;
      position: relative; }
    .nav-bar { flex: none; background: #f9f9fb; border-bottom: 1px solid #d8d8dc;
      padding: 26px 12px 8px; }
    .nav-row { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; min-height: 30px; }
    .nav-spacer { flex: 1; }
    .back { color: #0a64d8; font-size: 15px; white-space: nowrap; padding: 6px 0;
      margin: -6px 0; }
    .back .chevron { color: inherit; font-size: 22px; line-height: 15px; margin-right: 3px; }
    .nav-title { font-size: 26px; font-weight: bold; margin: 4px 2px 6px; overflow-wrap: anywhere; }
    .toolbar { display: flex; gap: 8px; align-items: center; position: relative; }
    .button { color: #0a64d8; display: inline-flex; align-items: center; gap: 4px;
      font-size: 12px; }
    .button .glyph, .menu summary .glyph { font-size: 19px; }
    .button.disabled { color: #a8a8ad; }
    .menu { position: relative; color: #0a64d8; font-size: 12px; }
    .menu summary { list-style: none; display: inline-flex; align-items: center; gap: 4px;
      cursor: pointer; }
    .menu summary::-webkit-details-marker { display: none; }
    .toolbar:has(.menu[open]) { flex-basis: 100%; flex-wrap: wrap; }
    .menu[open] { flex-basis: 100%; }
    .picker { margin-top: 6px; background: #fff; border-radius: 12px; color: #111; }
    .picker-title { font-size: 12px; color: #6c6c70; padding: 6px 10px 0; }
    .picker ul { list-style: none; margin: 0; padding: 6px; display: flex; flex-wrap: wrap;
      gap: 4px; }
    .picker .option { padding: 2px 8px; border-radius: 10px; background: #f2f2f7; }
    .picker .checkmark { color: #0a64d8; }
    .search-box { display: flex; align-items: center; gap: 6px; background: #e4e4e9;
      border-radius: 10px; padding: 6px 8px; margin-top: 4px; border: 2px solid transparent; }
    .search.focused .search-box { border-color: #0a64d8; background: #fff; }
    .search-box .glyph { color: #6c6c70; font-size: 20px; line-height: 18px; }
    .search-box input { field-sizing: content; min-width: 0; }
    .search-box input::placeholder { color: inherit; opacity: 1; }
    .prompt { color: #636366; }
    .caret { display: inline-block; width: 2px; height: 18px; background: #0a64d8; }
    .suggestions { margin-top: 6px; background: #fff; border-radius: 10px; }
    .suggestion { display: block; width: stretch; padding: 7px 10px; color: #0a64d8;
      border-top: 1px solid #ececf0; }
    .suggestion .glyph { color: #8e8e93; margin-right: 6px; }
    .content { flex: 1; overflow-y: auto; min-height: 0; }
    .list { margin: 10px 12px; background: #fff; border-radius: 12px; overflow: hidden; }
    .list > *, .section-body > * { border-top: 1px solid #ececf0; }
    .list > *:first-child { border-top: none; }
    .refresh-spinner { display: flex; justify-content: center; padding: 8px;
      background: #f2f2f7; }
    .row { display: flex; align-items: center; gap: 10px; padding: 7px 12px; min-height: 30px;
      width: stretch; }
    .row-label { flex: 1; overflow-wrap: anywhere; }
    .row .heart { color: #e0245e; }
    .chevron { color: #b8b8bd; }
    .placeholder { display: inline-flex; align-items: center; justify-content: center;
      color: rgba(0,0,0,.7); font-weight: bold; text-align: center; overflow: hidden; }
    .thumb { width: 32px; height: 32px; border-radius: 6px; flex: none; font-size: 14px; }
    .image-placeholder { width: 100%; height: 170px; font-size: 18px; padding: 12px;
      box-sizing: border-box; overflow-wrap: anywhere; }
    .text { margin: 0; padding: 8px 12px; overflow-wrap: anywhere; }
    .label { display: flex; gap: 8px; align-items: center; padding: 8px 12px; }
    .label .glyph { color: #0a64d8; width: 18px; text-align: center; }
    .section-header { margin: 0; font-weight: normal; text-transform: uppercase;
      font-size: 12px; color: #6c6c70; padding: 14px 12px 4px; background: #f2f2f7; }
    .link { display: block; padding: 8px 12px; color: #0a64d8; text-decoration: none; }
    .progress, .unavailable { display: flex; flex-direction: column; align-items: center;
      justify-content: center; text-align: center; padding: 60px 20px; color: #636366; }
    .progress-title { margin: 10px 0 0; }
    .spinner { display: inline-block; width: 22px; height: 22px; border-radius: 50%;
      border: 3px solid #c7c7cc; border-top-color: #6c6c70; box-sizing: border-box; }
    .big-glyph { font-size: 46px; color: #8e8e93; }
    .unavailable-title { color: #111; font-size: 20px; font-weight: bold;
      margin: 8px 0 4px; }
    .unavailable .text { padding: 4px 0; }
    .unavailable .button { font-size: 15px; margin-top: 10px; background: #ececf0;
      border-radius: 8px; padding: 6px 12px; }
    .grid { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; padding: 12px; }
    .tile { display: flex; flex-direction: column; background: #fff; border-radius: 12px;
      overflow: hidden; }
    .tile-image { height: 74px; font-size: 26px; }
    .tile-label { padding: 6px 8px; font-size: 14px; }
    .alert-backdrop { position: absolute; inset: 0; background: rgba(0,0,0,.3); display: flex;
      align-items: center; justify-content: center; z-index: 10; }
    .alert { width: 250px; background: #f5f5f7; border-radius: 14px; text-align: center;
      overflow: hidden; }
    .alert-message { display: block; padding: 16px 14px; }
    .alert-buttons { display: flex; border-top: 1px solid #d0d0d4; }
    .alert-buttons > * { flex: 1; justify-content: center; padding: 10px; font-size: 16px; }
    .changed { outline: 2px solid #ff9f0a; outline-offset: 2px;
      background-color: rgba(255,200,60,.22); }
    .content > .changed, .list .changed, .alert .changed { outline-offset: -2px; }
    .changed .changed { outline: none; background-color: transparent; }
    .grid.changed { background-color: transparent; }
    .list.changed { background-color: #fff; }
    """
}
