/** The demo catalogue: office furniture a dealer of new and pre-owned cubicles would carry. */

export type Drawing = 'cubicle' | 'desk' | 'chair' | 'storage' | 'table' | 'lounge' | 'accessory';

export interface DemoCategory {
  name: string;
  drawing: Drawing;
  products: [name: string, price: string, stock: number, description: string][];
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: 'Cubicles & Workstations',
    drawing: 'cubicle',
    products: [
      [
        'Open Plan 6x6 Cubicle, Low Walls',
        '1249.00',
        24,
        'A bright 6x6 ft workstation with 42 in acoustic panels, an L-shaped worksurface and a pencil drawer. Keeps sight lines open while defining personal space.',
      ],
      [
        'Executive 8x8 Cubicle, Tall Walls',
        '2389.00',
        9,
        'Private 8x8 ft cubicle with 67 in fabric panels, glass stackers, overhead storage and a corner worksurface for focused work.',
      ],
      [
        'Pre-Owned Herman Miller AO2 6x8 Station',
        '899.00',
        31,
        'Refurbished Action Office 2 station, new fabric in slate grey, cleaned and inspected. Includes worksurface, box-box-file pedestal and task light.',
      ],
      [
        'Benching System for 4, Power Ready',
        '3150.00',
        6,
        'Four-seat benching with shared spine, 24 in privacy screens and integrated power and data beams. Ideal for collaborative teams.',
      ],
      [
        'Call Center Pod of 6, 48 in Panels',
        '4280.00',
        0,
        'Six compact positions around a central hub with sound-absorbing 48 in panels, cable management and keyboard trays.',
      ],
      [
        'Pre-Owned Steelcase Answer 6x6',
        '749.00',
        42,
        'Steelcase Answer cubicle, professionally refurbished with new laminate tops in maple and tackable panels in charcoal.',
      ],
      [
        'Glass-Top Collaborative Station 8x6',
        '1890.00',
        12,
        'Aluminium-frame station with frosted glass toppers, whiteboard tile and a bench seat for quick stand-up meetings.',
      ],
      [
        'Height-Adjustable Cubicle 6x6',
        '2040.00',
        15,
        'Sit-stand worksurface with dual motors and memory presets inside a 53 in panel cubicle. Power outlets at desk height.',
      ],
    ],
  },
  {
    name: 'Office Desks',
    drawing: 'desk',
    products: [
      [
        'Electric Sit-Stand Desk 60x30',
        '689.00',
        40,
        'Dual-motor frame from 25 to 50 in, four memory presets, anti-collision sensing and a 1 in thick walnut-finish top.',
      ],
      [
        'L-Shaped Executive Desk, Espresso',
        '1175.00',
        8,
        'Generous L-desk with a return, locking file drawer and grommets for cables. Espresso laminate with brushed steel pulls.',
      ],
      [
        'Pre-Owned Knoll Reff Desk',
        '540.00',
        5,
        'Solid Knoll Reff desk, refinished top, with box-file pedestal. A premium desk at a pre-owned price.',
      ],
      [
        'Compact Writing Desk 48 in',
        '259.00',
        63,
        'Slim steel frame with a maple top and a cable tray, sized for hot-desking corners and home offices.',
      ],
      [
        'U-Shaped Manager Suite',
        '2490.00',
        3,
        'Desk, bridge and credenza in a U arrangement with hutch storage. Cherry laminate with soft-close drawers.',
      ],
      [
        'Training Table Desk, Flip Top',
        '315.00',
        0,
        'Flip-top, nesting training desk on locking casters. Stores in a fraction of the space when the room is cleared.',
      ],
      [
        'Reception-Height Standing Desk',
        '455.00',
        18,
        'Fixed 42 in standing-height desk with footrest bar and modesty panel, for check-in points and quick workstations.',
      ],
      [
        'Pre-Owned Steelcase Series 7 Desk',
        '610.00',
        11,
        'Steelcase Series 7 electric height-adjustable desk, refurbished and tested, with a new 60x30 top.',
      ],
    ],
  },
  {
    name: 'Office Chairs',
    drawing: 'chair',
    products: [
      [
        'Ergonomic Mesh Task Chair',
        '329.00',
        120,
        'Breathable mesh back, adjustable lumbar, 4D arms and seat depth adjustment. Rated for 8-hour daily use.',
      ],
      [
        'Pre-Owned Herman Miller Aeron, Size B',
        '595.00',
        27,
        'Fully adjustable Aeron with PostureFit lumbar, inspected and cleaned, with new casters and a 5-year warranty.',
      ],
      [
        'Executive Leather High-Back Chair',
        '489.00',
        14,
        'Top-grain leather, synchro-tilt mechanism with tension control and padded arms. A classic for private offices.',
      ],
      [
        'Stackable Guest Chair, Set of 4',
        '276.00',
        35,
        'Polypropylene shell on a chrome sled base. Stacks 10 high; easy to clean; suits break rooms and training rooms.',
      ],
      [
        'Drafting Stool with Foot Ring',
        '215.00',
        0,
        'Counter-height drafting stool with an adjustable foot ring and a 360 degree swivel for standing desks.',
      ],
      [
        'Pre-Owned Steelcase Leap V2',
        '545.00',
        19,
        'Steelcase Leap V2 with LiveBack technology, refurbished with new fabric in black. Popular with long-hour desk work.',
      ],
      [
        'Big & Tall Task Chair',
        '415.00',
        7,
        'Wider seat, reinforced base and 400 lb rating, with memory-foam cushion and adjustable arms.',
      ],
      [
        'Conference Chair on Casters',
        '239.00',
        52,
        'Mid-back mesh chair with fixed arms and soft casters, made for long meetings around the conference table.',
      ],
    ],
  },
  {
    name: 'Storage & Filing',
    drawing: 'storage',
    products: [
      [
        'Lateral File Cabinet, 3 Drawer',
        '429.00',
        22,
        'Steel lateral file with full-extension drawers, letter and legal rails, and a central lock. Anti-tip interlock.',
      ],
      [
        'Mobile Pedestal, Box-Box-File',
        '219.00',
        80,
        'Under-desk pedestal on casters with a pencil tray, two box drawers and one file drawer. Keyed alike.',
      ],
      [
        'Pre-Owned Steel Bookcase 72 in',
        '149.00',
        16,
        'Five-shelf steel bookcase, refurbished powder coat in putty. Adjustable shelves on 1 in centres.',
      ],
      [
        'Personal Locker Tower, 8 Doors',
        '675.00',
        4,
        'Eight lockable compartments with coat hooks and name plates, for hybrid teams without assigned desks.',
      ],
      [
        'Storage Credenza with Sliding Doors',
        '780.00',
        10,
        'Low credenza with sliding doors and adjustable shelves, a stable base for printers and team supplies.',
      ],
      [
        'Vertical File Cabinet, 4 Drawer',
        '359.00',
        0,
        'Letter-size vertical file with ball-bearing slides and a counterweight. Fits tight wall spaces.',
      ],
      [
        'Overhead Storage Bin 60 in',
        '245.00',
        29,
        'Panel-mounted overhead bin with a flipper door and lock, compatible with most cubicle panel systems.',
      ],
      [
        'Pre-Owned Flat File, 5 Drawer',
        '520.00',
        2,
        'Architectural flat file for drawings up to 48x36 in, refurbished, with dust covers in every drawer.',
      ],
    ],
  },
  {
    name: 'Conference Tables',
    drawing: 'table',
    products: [
      [
        'Boat-Shaped Conference Table 10 ft',
        '1690.00',
        5,
        'Seats 10 to 12. Boat shape gives everyone a line of sight; two power and data modules are built in.',
      ],
      [
        'Round Meeting Table 42 in',
        '389.00',
        28,
        'Round table for four on a steel X base, for quick huddles in private offices and open plans.',
      ],
      [
        'Pre-Owned Rectangular Table 8 ft',
        '640.00',
        3,
        'Solid wood veneer conference table, refinished, with cable grommets. Seats eight comfortably.',
      ],
      [
        'Modular Training Tables, Set of 6',
        '1960.00',
        9,
        'Rectangular tables with modesty panels and ganging clips. Reconfigure from classroom to U-shape in minutes.',
      ],
      [
        'Standing-Height Huddle Table',
        '720.00',
        0,
        'Bar-height table with whiteboard top and four power ports, for stand-up meetings and project reviews.',
      ],
      [
        'Racetrack Boardroom Table 16 ft',
        '3980.00',
        1,
        'Three-piece racetrack table in walnut veneer with concealed power at every seat. Seats up to 18.',
      ],
    ],
  },
  {
    name: 'Reception & Lounge',
    drawing: 'lounge',
    products: [
      [
        'L-Shaped Reception Desk with Counter',
        '1480.00',
        4,
        'Reception station with a raised transaction counter, ADA-height return and lockable pedestal.',
      ],
      [
        'Lounge Sofa, Three Seat',
        '1120.00',
        7,
        'Commercial-grade sofa with high-resilience foam and stain-resistant fabric, for lobbies and breakout areas.',
      ],
      [
        'Pre-Owned Reception Desk, Laminate',
        '690.00',
        2,
        'Refurbished reception desk with a glass transaction top, ready to greet visitors on day one.',
      ],
      [
        'Guest Armchair, Upholstered',
        '349.00',
        26,
        'Upholstered guest chair with solid beech legs. Available in three fabrics; pairs well with the lounge sofa.',
      ],
      [
        'Acoustic Phone Booth',
        '4490.00',
        2,
        'Single-person booth with ventilation, LED lighting and a power outlet. Reduces speech noise by 30 dB.',
      ],
      [
        'Coffee Table, Oak Veneer',
        '265.00',
        0,
        'Low oak-veneer table with rounded corners and a lower shelf for magazines in waiting areas.',
      ],
    ],
  },
  {
    name: 'Panels & Accessories',
    drawing: 'accessory',
    products: [
      [
        'Desk-Mounted Privacy Panel 48 in',
        '139.00',
        90,
        'Fabric-wrapped acoustic desk screen with clamp mounts. Adds privacy and tack space to open desks.',
      ],
      [
        'Dual Monitor Arm, Gas Spring',
        '159.00',
        64,
        'Holds two monitors up to 32 in, with full motion, cable channels and a clamp or grommet mount.',
      ],
      [
        'LED Task Light with USB',
        '79.00',
        110,
        'Dimmable LED desk lamp with three colour temperatures and a USB-C charging port.',
      ],
      [
        'Cable Management Tray 48 in',
        '45.00',
        0,
        'Under-desk steel tray that keeps power strips and cables off the floor. Tool-free mounting.',
      ],
      [
        'Pre-Owned Panel Connector Kit',
        '35.00',
        150,
        'Connector hardware for joining refurbished cubicle panels at L, T and X junctions.',
      ],
      [
        'Anti-Fatigue Standing Mat',
        '69.00',
        47,
        'Contoured foam mat with bevelled edges for standing desks; eases pressure on feet and knees.',
      ],
      [
        'Whiteboard Tile for Cubicle Panels',
        '58.00',
        33,
        'Magnetic whiteboard tile that hangs on panel rails. Includes marker tray and eraser.',
      ],
      [
        'Keyboard Tray, Articulating',
        '129.00',
        21,
        'Articulating keyboard platform with mouse surface, tilt and height adjustment for neutral wrist posture.',
      ],
    ],
  },
];
