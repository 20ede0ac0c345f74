<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="ville" tilewidth="16" tileheight="16" tilecount="315" columns="16">
 <image source="ville.png" width="256" height="320" />
 <tile id="0">
  <properties>
   <property name="name" value="grass_1" />
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="name" value="grass_2" />
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="name" value="grass_3" />
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="name" value="grass_4" />
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="name" value="grass_dark" />
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="name" value="grass_flowers_red" />
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="name" value="grass_flowers_yellow" />
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="name" value="grass_flowers_purple" />
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="name" value="grass_flowers_mixed" />
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="name" value="road_o" />
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="name" value="road_n" />
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="name" value="road_e" />
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="name" value="road_ne" />
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="name" value="road_s" />
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="name" value="road_ns" />
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="name" value="road_es" />
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="name" value="road_nes" />
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="name" value="road_w" />
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="name" value="road_nw" />
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="name" value="road_ew" />
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="name" value="road_new" />
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="name" value="road_sw" />
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="name" value="road_nsw" />
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="name" value="road_esw" />
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="name" value="road_nesw" />
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="name" value="road_line_h" />
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="name" value="road_line_v" />
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="name" value="crosswalk_h" />
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="name" value="crosswalk_v" />
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="name" value="sidewalk_1" />
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="name" value="sidewalk_2" />
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="name" value="cobble" />
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="name" value="path_o" />
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="name" value="path_n" />
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="name" value="path_e" />
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="name" value="path_ne" />
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="name" value="path_s" />
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="name" value="path_ns" />
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="name" value="path_es" />
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="name" value="path_nes" />
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="name" value="path_w" />
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="name" value="path_nw" />
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="name" value="path_ew" />
  </properties>
 </tile>
 <tile id="43">
  <properties>
   <property name="name" value="path_new" />
  </properties>
 </tile>
 <tile id="44">
  <properties>
   <property name="name" value="path_sw" />
  </properties>
 </tile>
 <tile id="45">
  <properties>
   <property name="name" value="path_nsw" />
  </properties>
 </tile>
 <tile id="46">
  <properties>
   <property name="name" value="path_esw" />
  </properties>
 </tile>
 <tile id="47">
  <properties>
   <property name="name" value="path_nesw" />
  </properties>
 </tile>
 <tile id="48">
  <properties>
   <property name="name" value="water_o" />
  </properties>
 </tile>
 <tile id="49">
  <properties>
   <property name="name" value="water_n" />
  </properties>
 </tile>
 <tile id="50">
  <properties>
   <property name="name" value="water_e" />
  </properties>
 </tile>
 <tile id="51">
  <properties>
   <property name="name" value="water_ne" />
  </properties>
 </tile>
 <tile id="52">
  <properties>
   <property name="name" value="water_s" />
  </properties>
 </tile>
 <tile id="53">
  <properties>
   <property name="name" value="water_ns" />
  </properties>
 </tile>
 <tile id="54">
  <properties>
   <property name="name" value="water_es" />
  </properties>
 </tile>
 <tile id="55">
  <properties>
   <property name="name" value="water_nes" />
  </properties>
 </tile>
 <tile id="56">
  <properties>
   <property name="name" value="water_w" />
  </properties>
 </tile>
 <tile id="57">
  <properties>
   <property name="name" value="water_nw" />
  </properties>
 </tile>
 <tile id="58">
  <properties>
   <property name="name" value="water_ew" />
  </properties>
 </tile>
 <tile id="59">
  <properties>
   <property name="name" value="water_new" />
  </properties>
 </tile>
 <tile id="60">
  <properties>
   <property name="name" value="water_sw" />
  </properties>
 </tile>
 <tile id="61">
  <properties>
   <property name="name" value="water_nsw" />
  </properties>
 </tile>
 <tile id="62">
  <properties>
   <property name="name" value="water_esw" />
  </properties>
 </tile>
 <tile id="63">
  <properties>
   <property name="name" value="water_nesw" />
  </properties>
 </tile>
 <tile id="64">
  <properties>
   <property name="name" value="water_lily" />
  </properties>
 </tile>
 <tile id="65">
  <properties>
   <property name="name" value="sand_1" />
  </properties>
 </tile>
 <tile id="66">
  <properties>
   <property name="name" value="sand_2" />
  </properties>
 </tile>
 <tile id="67">
  <properties>
   <property name="name" value="dirt" />
  </properties>
 </tile>
 <tile id="68">
  <properties>
   <property name="name" value="soil" />
  </properties>
 </tile>
 <tile id="69">
  <properties>
   <property name="name" value="soil_sprouts" />
  </properties>
 </tile>
 <tile id="70">
  <properties>
   <property name="name" value="soil_cabbage" />
  </properties>
 </tile>
 <tile id="71">
  <properties>
   <property name="name" value="soil_carrots" />
  </properties>
 </tile>
 <tile id="72">
  <properties>
   <property name="name" value="collision" />
  </properties>
 </tile>
 <tile id="73">
  <properties>
   <property name="name" value="floor_wood_light" />
  </properties>
 </tile>
 <tile id="74">
  <properties>
   <property name="name" value="floor_wood_dark" />
  </properties>
 </tile>
 <tile id="75">
  <properties>
   <property name="name" value="floor_wood_red" />
  </properties>
 </tile>
 <tile id="76">
  <properties>
   <property name="name" value="floor_tile_white" />
  </properties>
 </tile>
 <tile id="77">
  <properties>
   <property name="name" value="floor_tile_blue" />
  </properties>
 </tile>
 <tile id="78">
  <properties>
   <property name="name" value="floor_checker" />
  </properties>
 </tile>
 <tile id="79">
  <properties>
   <property name="name" value="carpet_red" />
  </properties>
 </tile>
 <tile id="80">
  <properties>
   <property name="name" value="carpet_green" />
  </properties>
 </tile>
 <tile id="81">
  <properties>
   <property name="name" value="carpet_blue" />
  </properties>
 </tile>
 <tile id="82">
  <properties>
   <property name="name" value="carpet_purple" />
  </properties>
 </tile>
 <tile id="83">
  <properties>
   <property name="name" value="stage" />
  </properties>
 </tile>
 <tile id="84">
  <properties>
   <property name="name" value="wall_cap_o" />
  </properties>
 </tile>
 <tile id="85">
  <properties>
   <property name="name" value="wall_cap_n" />
  </properties>
 </tile>
 <tile id="86">
  <properties>
   <property name="name" value="wall_cap_e" />
  </properties>
 </tile>
 <tile id="87">
  <properties>
   <property name="name" value="wall_cap_ne" />
  </properties>
 </tile>
 <tile id="88">
  <properties>
   <property name="name" value="wall_cap_s" />
  </properties>
 </tile>
 <tile id="89">
  <properties>
   <property name="name" value="wall_cap_ns" />
  </properties>
 </tile>
 <tile id="90">
  <properties>
   <property name="name" value="wall_cap_es" />
  </properties>
 </tile>
 <tile id="91">
  <properties>
   <property name="name" value="wall_cap_nes" />
  </properties>
 </tile>
 <tile id="92">
  <properties>
   <property name="name" value="wall_cap_w" />
  </properties>
 </tile>
 <tile id="93">
  <properties>
   <property name="name" value="wall_cap_nw" />
  </properties>
 </tile>
 <tile id="94">
  <properties>
   <property name="name" value="wall_cap_ew" />
  </properties>
 </tile>
 <tile id="95">
  <properties>
   <property name="name" value="wall_cap_new" />
  </properties>
 </tile>
 <tile id="96">
  <properties>
   <property name="name" value="wall_cap_sw" />
  </properties>
 </tile>
 <tile id="97">
  <properties>
   <property name="name" value="wall_cap_nsw" />
  </properties>
 </tile>
 <tile id="98">
  <properties>
   <property name="name" value="wall_cap_esw" />
  </properties>
 </tile>
 <tile id="99">
  <properties>
   <property name="name" value="wall_cap_nesw" />
  </properties>
 </tile>
 <tile id="100">
  <properties>
   <property name="name" value="wall_ext_brick" />
  </properties>
 </tile>
 <tile id="101">
  <properties>
   <property name="name" value="wall_ext_brick_window" />
  </properties>
 </tile>
 <tile id="102">
  <properties>
   <property name="name" value="wall_ext_blue" />
  </properties>
 </tile>
 <tile id="103">
  <properties>
   <property name="name" value="wall_ext_blue_window" />
  </properties>
 </tile>
 <tile id="104">
  <properties>
   <property name="name" value="wall_ext_cream" />
  </properties>
 </tile>
 <tile id="105">
  <properties>
   <property name="name" value="wall_ext_cream_window" />
  </properties>
 </tile>
 <tile id="106">
  <properties>
   <property name="name" value="wall_ext_sage" />
  </properties>
 </tile>
 <tile id="107">
  <properties>
   <property name="name" value="wall_ext_sage_window" />
  </properties>
 </tile>
 <tile id="108">
  <properties>
   <property name="name" value="wall_ext_rose" />
  </properties>
 </tile>
 <tile id="109">
  <properties>
   <property name="name" value="wall_ext_rose_window" />
  </properties>
 </tile>
 <tile id="110">
  <properties>
   <property name="name" value="wall_ext_stone" />
  </properties>
 </tile>
 <tile id="111">
  <properties>
   <property name="name" value="wall_ext_stone_window" />
  </properties>
 </tile>
 <tile id="112">
  <properties>
   <property name="name" value="wall_int_cream" />
  </properties>
 </tile>
 <tile id="113">
  <properties>
   <property name="name" value="wall_int_cream_window" />
  </properties>
 </tile>
 <tile id="114">
  <properties>
   <property name="name" value="wall_int_sage" />
  </properties>
 </tile>
 <tile id="115">
  <properties>
   <property name="name" value="wall_int_sage_window" />
  </properties>
 </tile>
 <tile id="116">
  <properties>
   <property name="name" value="wall_int_rose" />
  </properties>
 </tile>
 <tile id="117">
  <properties>
   <property name="name" value="wall_int_rose_window" />
  </properties>
 </tile>
 <tile id="118">
  <properties>
   <property name="name" value="wall_int_blue" />
  </properties>
 </tile>
 <tile id="119">
  <properties>
   <property name="name" value="wall_int_blue_window" />
  </properties>
 </tile>
 <tile id="120">
  <properties>
   <property name="name" value="wall_int_mint" />
  </properties>
 </tile>
 <tile id="121">
  <properties>
   <property name="name" value="wall_int_mint_window" />
  </properties>
 </tile>
 <tile id="122">
  <properties>
   <property name="name" value="wall_int_butter" />
  </properties>
 </tile>
 <tile id="123">
  <properties>
   <property name="name" value="wall_int_butter_window" />
  </properties>
 </tile>
 <tile id="124">
  <properties>
   <property name="name" value="door_wood" />
  </properties>
 </tile>
 <tile id="125">
  <properties>
   <property name="name" value="door_red" />
  </properties>
 </tile>
 <tile id="126">
  <properties>
   <property name="name" value="door_blue" />
  </properties>
 </tile>
 <tile id="127">
  <properties>
   <property name="name" value="door_green" />
  </properties>
 </tile>
 <tile id="128">
  <properties>
   <property name="name" value="door_glass" />
  </properties>
 </tile>
 <tile id="129">
  <properties>
   <property name="name" value="doorway" />
  </properties>
 </tile>
 <tile id="130">
  <properties>
   <property name="name" value="doorway_side" />
  </properties>
 </tile>
 <tile id="131">
  <properties>
   <property name="name" value="fence_o" />
  </properties>
 </tile>
 <tile id="132">
  <properties>
   <property name="name" value="fence_n" />
  </properties>
 </tile>
 <tile id="133">
  <properties>
   <property name="name" value="fence_e" />
  </properties>
 </tile>
 <tile id="134">
  <properties>
   <property name="name" value="fence_ne" />
  </properties>
 </tile>
 <tile id="135">
  <properties>
   <property name="name" value="fence_s" />
  </properties>
 </tile>
 <tile id="136">
  <properties>
   <property name="name" value="fence_ns" />
  </properties>
 </tile>
 <tile id="137">
  <properties>
   <property name="name" value="fence_es" />
  </properties>
 </tile>
 <tile id="138">
  <properties>
   <property name="name" value="fence_nes" />
  </properties>
 </tile>
 <tile id="139">
  <properties>
   <property name="name" value="fence_w" />
  </properties>
 </tile>
 <tile id="140">
  <properties>
   <property name="name" value="fence_nw" />
  </properties>
 </tile>
 <tile id="141">
  <properties>
   <property name="name" value="fence_ew" />
  </properties>
 </tile>
 <tile id="142">
  <properties>
   <property name="name" value="fence_new" />
  </properties>
 </tile>
 <tile id="143">
  <properties>
   <property name="name" value="fence_sw" />
  </properties>
 </tile>
 <tile id="144">
  <properties>
   <property name="name" value="fence_nsw" />
  </properties>
 </tile>
 <tile id="145">
  <properties>
   <property name="name" value="fence_esw" />
  </properties>
 </tile>
 <tile id="146">
  <properties>
   <property name="name" value="fence_nesw" />
  </properties>
 </tile>
 <tile id="147">
  <properties>
   <property name="name" value="hedge_o" />
  </properties>
 </tile>
 <tile id="148">
  <properties>
   <property name="name" value="hedge_n" />
  </properties>
 </tile>
 <tile id="149">
  <properties>
   <property name="name" value="hedge_e" />
  </properties>
 </tile>
 <tile id="150">
  <properties>
   <property name="name" value="hedge_ne" />
  </properties>
 </tile>
 <tile id="151">
  <properties>
   <property name="name" value="hedge_s" />
  </properties>
 </tile>
 <tile id="152">
  <properties>
   <property name="name" value="hedge_ns" />
  </properties>
 </tile>
 <tile id="153">
  <properties>
   <property name="name" value="hedge_es" />
  </properties>
 </tile>
 <tile id="154">
  <properties>
   <property name="name" value="hedge_nes" />
  </properties>
 </tile>
 <tile id="155">
  <properties>
   <property name="name" value="hedge_w" />
  </properties>
 </tile>
 <tile id="156">
  <properties>
   <property name="name" value="hedge_nw" />
  </properties>
 </tile>
 <tile id="157">
  <properties>
   <property name="name" value="hedge_ew" />
  </properties>
 </tile>
 <tile id="158">
  <properties>
   <property name="name" value="hedge_new" />
  </properties>
 </tile>
 <tile id="159">
  <properties>
   <property name="name" value="hedge_sw" />
  </properties>
 </tile>
 <tile id="160">
  <properties>
   <property name="name" value="hedge_nsw" />
  </properties>
 </tile>
 <tile id="161">
  <properties>
   <property name="name" value="hedge_esw" />
  </properties>
 </tile>
 <tile id="162">
  <properties>
   <property name="name" value="hedge_nesw" />
  </properties>
 </tile>
 <tile id="163">
  <properties>
   <property name="name" value="bed_red_top" />
  </properties>
 </tile>
 <tile id="164">
  <properties>
   <property name="name" value="bed_red" />
  </properties>
 </tile>
 <tile id="165">
  <properties>
   <property name="name" value="bed_blue_top" />
  </properties>
 </tile>
 <tile id="166">
  <properties>
   <property name="name" value="bed_blue" />
  </properties>
 </tile>
 <tile id="167">
  <properties>
   <property name="name" value="bed_green_top" />
  </properties>
 </tile>
 <tile id="168">
  <properties>
   <property name="name" value="bed_green" />
  </properties>
 </tile>
 <tile id="169">
  <properties>
   <property name="name" value="bed_yellow_top" />
  </properties>
 </tile>
 <tile id="170">
  <properties>
   <property name="name" value="bed_yellow" />
  </properties>
 </tile>
 <tile id="171">
  <properties>
   <property name="name" value="bed_purple_top" />
  </properties>
 </tile>
 <tile id="172">
  <properties>
   <property name="name" value="bed_purple" />
  </properties>
 </tile>
 <tile id="173">
  <properties>
   <property name="name" value="bed_teal_top" />
  </properties>
 </tile>
 <tile id="174">
  <properties>
   <property name="name" value="bed_teal" />
  </properties>
 </tile>
 <tile id="175">
  <properties>
   <property name="name" value="bed_double_red_tl" />
  </properties>
 </tile>
 <tile id="176">
  <properties>
   <property name="name" value="bed_double_red_tr" />
  </properties>
 </tile>
 <tile id="177">
  <properties>
   <property name="name" value="bed_double_red_bl" />
  </properties>
 </tile>
 <tile id="178">
  <properties>
   <property name="name" value="bed_double_red_br" />
  </properties>
 </tile>
 <tile id="179">
  <properties>
   <property name="name" value="bed_double_blue_tl" />
  </properties>
 </tile>
 <tile id="180">
  <properties>
   <property name="name" value="bed_double_blue_tr" />
  </properties>
 </tile>
 <tile id="181">
  <properties>
   <property name="name" value="bed_double_blue_bl" />
  </properties>
 </tile>
 <tile id="182">
  <properties>
   <property name="name" value="bed_double_blue_br" />
  </properties>
 </tile>
 <tile id="183">
  <properties>
   <property name="name" value="bed_double_green_tl" />
  </properties>
 </tile>
 <tile id="184">
  <properties>
   <property name="name" value="bed_double_green_tr" />
  </properties>
 </tile>
 <tile id="185">
  <properties>
   <property name="name" value="bed_double_green_bl" />
  </properties>
 </tile>
 <tile id="186">
  <properties>
   <property name="name" value="bed_double_green_br" />
  </properties>
 </tile>
 <tile id="187">
  <properties>
   <property name="name" value="desk" />
  </properties>
 </tile>
 <tile id="188">
  <properties>
   <property name="name" value="desk_computer" />
  </properties>
 </tile>
 <tile id="189">
  <properties>
   <property name="name" value="desk_books" />
  </properties>
 </tile>
 <tile id="190">
  <properties>
   <property name="name" value="chair_n" />
  </properties>
 </tile>
 <tile id="191">
  <properties>
   <property name="name" value="chair_e" />
  </properties>
 </tile>
 <tile id="192">
  <properties>
   <property name="name" value="chair_s" />
  </properties>
 </tile>
 <tile id="193">
  <properties>
   <property name="name" value="chair_w" />
  </properties>
 </tile>
 <tile id="194">
  <properties>
   <property name="name" value="stool" />
  </properties>
 </tile>
 <tile id="195">
  <properties>
   <property name="name" value="closet" />
  </properties>
 </tile>
 <tile id="196">
  <properties>
   <property name="name" value="shelf" />
  </properties>
 </tile>
 <tile id="197">
  <properties>
   <property name="name" value="bookshelf" />
  </properties>
 </tile>
 <tile id="198">
  <properties>
   <property name="name" value="toilet" />
  </properties>
 </tile>
 <tile id="199">
  <properties>
   <property name="name" value="shower" />
  </properties>
 </tile>
 <tile id="200">
  <properties>
   <property name="name" value="bathroom_sink" />
  </properties>
 </tile>
 <tile id="201">
  <properties>
   <property name="name" value="bathtub_l" />
  </properties>
 </tile>
 <tile id="202">
  <properties>
   <property name="name" value="bathtub_r" />
  </properties>
 </tile>
 <tile id="203">
  <properties>
   <property name="name" value="stove" />
  </properties>
 </tile>
 <tile id="204">
  <properties>
   <property name="name" value="fridge" />
  </properties>
 </tile>
 <tile id="205">
  <properties>
   <property name="name" value="kitchen_counter" />
  </properties>
 </tile>
 <tile id="206">
  <properties>
   <property name="name" value="kitchen_counter_board" />
  </properties>
 </tile>
 <tile id="207">
  <properties>
   <property name="name" value="kitchen_sink" />
  </properties>
 </tile>
 <tile id="208">
  <properties>
   <property name="name" value="couch_green_l" />
  </properties>
 </tile>
 <tile id="209">
  <properties>
   <property name="name" value="couch_green_r" />
  </properties>
 </tile>
 <tile id="210">
  <properties>
   <property name="name" value="couch_blue_l" />
  </properties>
 </tile>
 <tile id="211">
  <properties>
   <property name="name" value="couch_blue_r" />
  </properties>
 </tile>
 <tile id="212">
  <properties>
   <property name="name" value="couch_red_l" />
  </properties>
 </tile>
 <tile id="213">
  <properties>
   <property name="name" value="couch_red_r" />
  </properties>
 </tile>
 <tile id="214">
  <properties>
   <property name="name" value="couch_purple_l" />
  </properties>
 </tile>
 <tile id="215">
  <properties>
   <property name="name" value="couch_purple_r" />
  </properties>
 </tile>
 <tile id="216">
  <properties>
   <property name="name" value="couch_orange_l" />
  </properties>
 </tile>
 <tile id="217">
  <properties>
   <property name="name" value="couch_orange_r" />
  </properties>
 </tile>
 <tile id="218">
  <properties>
   <property name="name" value="armchair" />
  </properties>
 </tile>
 <tile id="219">
  <properties>
   <property name="name" value="coffee_table" />
  </properties>
 </tile>
 <tile id="220">
  <properties>
   <property name="name" value="side_table" />
  </properties>
 </tile>
 <tile id="221">
  <properties>
   <property name="name" value="tv" />
  </properties>
 </tile>
 <tile id="222">
  <properties>
   <property name="name" value="potted_plant" />
  </properties>
 </tile>
 <tile id="223">
  <properties>
   <property name="name" value="floor_lamp" />
  </properties>
 </tile>
 <tile id="224">
  <properties>
   <property name="name" value="rug_red_tl" />
  </properties>
 </tile>
 <tile id="225">
  <properties>
   <property name="name" value="rug_red_tr" />
  </properties>
 </tile>
 <tile id="226">
  <properties>
   <property name="name" value="rug_red_bl" />
  </properties>
 </tile>
 <tile id="227">
  <properties>
   <property name="name" value="rug_red_br" />
  </properties>
 </tile>
 <tile id="228">
  <properties>
   <property name="name" value="rug_blue_tl" />
  </properties>
 </tile>
 <tile id="229">
  <properties>
   <property name="name" value="rug_blue_tr" />
  </properties>
 </tile>
 <tile id="230">
  <properties>
   <property name="name" value="rug_blue_bl" />
  </properties>
 </tile>
 <tile id="231">
  <properties>
   <property name="name" value="rug_blue_br" />
  </properties>
 </tile>
 <tile id="232">
  <properties>
   <property name="name" value="table_small" />
  </properties>
 </tile>
 <tile id="233">
  <properties>
   <property name="name" value="pub_table" />
  </properties>
 </tile>
 <tile id="234">
  <properties>
   <property name="name" value="table_l" />
  </properties>
 </tile>
 <tile id="235">
  <properties>
   <property name="name" value="table_r" />
  </properties>
 </tile>
 <tile id="236">
  <properties>
   <property name="name" value="table_tl" />
  </properties>
 </tile>
 <tile id="237">
  <properties>
   <property name="name" value="table_tr" />
  </properties>
 </tile>
 <tile id="238">
  <properties>
   <property name="name" value="table_bl" />
  </properties>
 </tile>
 <tile id="239">
  <properties>
   <property name="name" value="table_br" />
  </properties>
 </tile>
 <tile id="240">
  <properties>
   <property name="name" value="library_table_l" />
  </properties>
 </tile>
 <tile id="241">
  <properties>
   <property name="name" value="library_table_r" />
  </properties>
 </tile>
 <tile id="242">
  <properties>
   <property name="name" value="counter" />
  </properties>
 </tile>
 <tile id="243">
  <properties>
   <property name="name" value="cash_register" />
  </properties>
 </tile>
 <tile id="244">
  <properties>
   <property name="name" value="coffee_machine" />
  </properties>
 </tile>
 <tile id="245">
  <properties>
   <property name="name" value="pastry_display" />
  </properties>
 </tile>
 <tile id="246">
  <properties>
   <property name="name" value="medicine_counter" />
  </properties>
 </tile>
 <tile id="247">
  <properties>
   <property name="name" value="bar_counter" />
  </properties>
 </tile>
 <tile id="248">
  <properties>
   <property name="name" value="bar_taps" />
  </properties>
 </tile>
 <tile id="249">
  <properties>
   <property name="name" value="bar_pints" />
  </properties>
 </tile>
 <tile id="250">
  <properties>
   <property name="name" value="shelf_bottles" />
  </properties>
 </tile>
 <tile id="251">
  <properties>
   <property name="name" value="shelf_produce" />
  </properties>
 </tile>
 <tile id="252">
  <properties>
   <property name="name" value="shelf_cans" />
  </properties>
 </tile>
 <tile id="253">
  <properties>
   <property name="name" value="shelf_bread" />
  </properties>
 </tile>
 <tile id="254">
  <properties>
   <property name="name" value="shelf_medicine" />
  </properties>
 </tile>
 <tile id="255">
  <properties>
   <property name="name" value="shelf_tools" />
  </properties>
 </tile>
 <tile id="256">
  <properties>
   <property name="name" value="shelf_paint" />
  </properties>
 </tile>
 <tile id="257">
  <properties>
   <property name="name" value="shelf_boxes" />
  </properties>
 </tile>
 <tile id="258">
  <properties>
   <property name="name" value="market_fridge" />
  </properties>
 </tile>
 <tile id="259">
  <properties>
   <property name="name" value="barrel" />
  </properties>
 </tile>
 <tile id="260">
  <properties>
   <property name="name" value="piano_l" />
  </properties>
 </tile>
 <tile id="261">
  <properties>
   <property name="name" value="piano_r" />
  </properties>
 </tile>
 <tile id="262">
  <properties>
   <property name="name" value="blackboard_l" />
  </properties>
 </tile>
 <tile id="263">
  <properties>
   <property name="name" value="blackboard_m" />
  </properties>
 </tile>
 <tile id="264">
  <properties>
   <property name="name" value="blackboard_r" />
  </properties>
 </tile>
 <tile id="265">
  <properties>
   <property name="name" value="student_desk" />
  </properties>
 </tile>
 <tile id="266">
  <properties>
   <property name="name" value="teacher_desk_l" />
  </properties>
 </tile>
 <tile id="267">
  <properties>
   <property name="name" value="teacher_desk_r" />
  </properties>
 </tile>
 <tile id="268">
  <properties>
   <property name="name" value="easel" />
  </properties>
 </tile>
 <tile id="269">
  <properties>
   <property name="name" value="easel_portrait" />
  </properties>
 </tile>
 <tile id="270">
  <properties>
   <property name="name" value="paint_table" />
  </properties>
 </tile>
 <tile id="271">
  <properties>
   <property name="name" value="camera_tripod" />
  </properties>
 </tile>
 <tile id="272">
  <properties>
   <property name="name" value="books_pile" />
  </properties>
 </tile>
 <tile id="273">
  <properties>
   <property name="name" value="tree_oak_tl" />
  </properties>
 </tile>
 <tile id="274">
  <properties>
   <property name="name" value="tree_oak_tr" />
  </properties>
 </tile>
 <tile id="275">
  <properties>
   <property name="name" value="tree_oak_bl" />
  </properties>
 </tile>
 <tile id="276">
  <properties>
   <property name="name" value="tree_oak_br" />
  </properties>
 </tile>
 <tile id="277">
  <properties>
   <property name="name" value="tree_oak_trunk_l" />
  </properties>
 </tile>
 <tile id="278">
  <properties>
   <property name="name" value="tree_oak_trunk_r" />
  </properties>
 </tile>
 <tile id="279">
  <properties>
   <property name="name" value="tree_pine_tl" />
  </properties>
 </tile>
 <tile id="280">
  <properties>
   <property name="name" value="tree_pine_tr" />
  </properties>
 </tile>
 <tile id="281">
  <properties>
   <property name="name" value="tree_pine_bl" />
  </properties>
 </tile>
 <tile id="282">
  <properties>
   <property name="name" value="tree_pine_br" />
  </properties>
 </tile>
 <tile id="283">
  <properties>
   <property name="name" value="tree_pine_trunk_l" />
  </properties>
 </tile>
 <tile id="284">
  <properties>
   <property name="name" value="tree_pine_trunk_r" />
  </properties>
 </tile>
 <tile id="285">
  <properties>
   <property name="name" value="tree_blossom_tl" />
  </properties>
 </tile>
 <tile id="286">
  <properties>
   <property name="name" value="tree_blossom_tr" />
  </properties>
 </tile>
 <tile id="287">
  <properties>
   <property name="name" value="tree_blossom_bl" />
  </properties>
 </tile>
 <tile id="288">
  <properties>
   <property name="name" value="tree_blossom_br" />
  </properties>
 </tile>
 <tile id="289">
  <properties>
   <property name="name" value="tree_blossom_trunk_l" />
  </properties>
 </tile>
 <tile id="290">
  <properties>
   <property name="name" value="tree_blossom_trunk_r" />
  </properties>
 </tile>
 <tile id="291">
  <properties>
   <property name="name" value="tree_apple_tl" />
  </properties>
 </tile>
 <tile id="292">
  <properties>
   <property name="name" value="tree_apple_tr" />
  </properties>
 </tile>
 <tile id="293">
  <properties>
   <property name="name" value="tree_apple_bl" />
  </properties>
 </tile>
 <tile id="294">
  <properties>
   <property name="name" value="tree_apple_br" />
  </properties>
 </tile>
 <tile id="295">
  <properties>
   <property name="name" value="tree_apple_trunk_l" />
  </properties>
 </tile>
 <tile id="296">
  <properties>
   <property name="name" value="tree_apple_trunk_r" />
  </properties>
 </tile>
 <tile id="297">
  <properties>
   <property name="name" value="bush" />
  </properties>
 </tile>
 <tile id="298">
  <properties>
   <property name="name" value="bush_berries" />
  </properties>
 </tile>
 <tile id="299">
  <properties>
   <property name="name" value="bush_flowers" />
  </properties>
 </tile>
 <tile id="300">
  <properties>
   <property name="name" value="flower_bed_red" />
  </properties>
 </tile>
 <tile id="301">
  <properties>
   <property name="name" value="flower_bed_yellow" />
  </properties>
 </tile>
 <tile id="302">
  <properties>
   <property name="name" value="flower_bed_purple" />
  </properties>
 </tile>
 <tile id="303">
  <properties>
   <property name="name" value="bench_l" />
  </properties>
 </tile>
 <tile id="304">
  <properties>
   <property name="name" value="bench_r" />
  </properties>
 </tile>
 <tile id="305">
  <properties>
   <property name="name" value="lamp_post_top" />
  </properties>
 </tile>
 <tile id="306">
  <properties>
   <property name="name" value="lamp_post" />
  </properties>
 </tile>
 <tile id="307">
  <properties>
   <property name="name" value="notice_board_l" />
  </properties>
 </tile>
 <tile id="308">
  <properties>
   <property name="name" value="notice_board_r" />
  </properties>
 </tile>
 <tile id="309">
  <properties>
   <property name="name" value="fountain_tl" />
  </properties>
 </tile>
 <tile id="310">
  <properties>
   <property name="name" value="fountain_tr" />
  </properties>
 </tile>
 <tile id="311">
  <properties>
   <property name="name" value="fountain_bl" />
  </properties>
 </tile>
 <tile id="312">
  <properties>
   <property name="name" value="fountain_br" />
  </properties>
 </tile>
 <tile id="313">
  <properties>
   <property name="name" value="mailbox" />
  </properties>
 </tile>
 <tile id="314">
  <properties>
   <property name="name" value="rock" />
  </properties>
 </tile>
</tileset>
