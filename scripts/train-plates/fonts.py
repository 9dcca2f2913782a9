"""Fonts for rendering training plates: condensed sans faces from npm (the @fontsource packages of this folder's package.json,
installed into its node_modules by `npm run train:plates`) and the free FE-Schrift look-alikes (GL-Nummernschild, committed
beside this file with their licence). DejaVu and Liberation are never used here: they draw the bench's generated set, which
must stay unseen by the recognizer."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FONTSOURCE = os.path.join(HERE, "node_modules", "@fontsource")

# (package, weights). Weights 500-800 where the family has them: plate characters are drawn with heavy strokes.
FAMILIES = [
    ("alumni-sans", (600, 800)), ("antonio", (500, 700)), ("anton", (400,)), ("archivo-narrow", (500, 700)),
    ("asap-condensed", (500, 700)), ("barlow", (600,)), ("barlow-condensed", (500, 600, 700, 800)),
    ("barlow-semi-condensed", (600, 800)), ("big-shoulders-text", (600, 800)), ("bebas-neue", (400,)),
    ("chakra-petch", (600,)), ("cuprum", (500, 700)), ("dosis", (600, 800)), ("economica", (700,)),
    ("encode-sans-condensed", (600, 800)), ("fira-sans-condensed", (500, 700)), ("fira-sans-extra-condensed", (600, 800)),
    ("fjalla-one", (400,)), ("francois-one", (400,)), ("gemunu-libre", (600, 800)), ("ibm-plex-sans-condensed", (600,)),
    ("khand", (600,)), ("league-gothic", (400,)), ("mohave", (500, 700)), ("open-sans-condensed", (700,)),
    ("oswald", (500, 700)), ("oxanium", (600,)), ("pathway-gothic-one", (400,)), ("pragati-narrow", (700,)),
    ("pt-sans-narrow", (700,)), ("rajdhani", (600,)), ("roboto-condensed", (500, 700, 800)), ("saira-condensed", (500, 700)),
    ("saira-extra-condensed", (600, 800)), ("saira-semi-condensed", (600,)), ("share-tech", (400,)),
    ("sofia-sans-condensed", (600, 800)), ("sofia-sans-extra-condensed", (600, 800)), ("teko", (500,)),
    ("titillium-web", (600,)), ("ubuntu-condensed", (400,)), ("yanone-kaffeesatz", (600,)),
    # Faces of normal width, squeezed into the plate's character cell by the renderer (plate.fit_glyph): plates are also made
    # and photographed in faces like these, and a reader that only knew condensed faces misread them (the bench's set).
    ("archivo", (600, 800)), ("chivo", (700,)), ("fira-sans", (600, 800)), ("figtree", (700,)), ("heebo", (700,)),
    ("ibm-plex-sans", (600,)), ("inter", (600, 800)), ("karla", (700,)), ("lato", (700, 900)), ("libre-franklin", (700,)),
    ("montserrat", (600, 800)), ("noto-sans", (700,)), ("noto-sans-mono", (600,)), ("open-sans", (700, 800)),
    ("overpass", (700,)), ("pt-sans", (700,)), ("public-sans", (700,)), ("red-hat-display", (700,)), ("roboto", (500, 700, 900)),
    ("rubik", (600,)), ("source-sans-3", (700,)), ("space-mono", (700,)), ("ubuntu", (500, 700)), ("work-sans", (600, 800)),
]

GL_FONTS = [os.path.join(HERE, "fonts", "GL-Nummernschild-Mtl.ttf"), os.path.join(HERE, "fonts", "GL-Nummernschild-Eng.ttf")]


def family_files(package, weights):
    out = []
    for w in weights:
        f = os.path.join(FONTSOURCE, package, "files", f"{package}-latin-{w}-normal.woff2")
        if not os.path.exists(f):
            raise SystemExit(
                f"font missing: {f} (run `npm run train:plates`: it installs the @fontsource packages of "
                "scripts/train-plates/package.json)"
            )
        out.append(f)
    return out


def plate_fonts():
    """{family: [files]} of the general fonts (old plates and the rest of Mercosul plates)."""
    return {p: family_files(p, ws) for p, ws in FAMILIES}


def small_text_fonts():
    """Bold faces for the city strip, 'BRASIL' and dealer-frame text."""
    return [f for p, ws in FAMILIES for f in family_files(p, ws)][::3]
